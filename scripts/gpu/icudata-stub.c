/* A stand-in for libicudata.so.72 in GPU bundles that would not fit a run otherwise (31 MB of
 * ICU tables). Only libxml2 loads ICU, for character-set conversion of XML, which no bundled
 * CuMed program or test uses; the symbol must exist for the dynamic loader, its contents are
 * never read. bundle.sh builds it for the frontier-s suite only. */
const char icudt72_dat[16] = {0};
