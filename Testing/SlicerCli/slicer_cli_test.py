#!/usr/bin/env python3
"""A program as a 3D Slicer CLI module (issue 27): its --xml is well-formed execution-model XML
with the elements Slicer needs, every flag it declares is one of the program's (--help), types,
defaults and ranges agree with the program, and the program runs on the command line Slicer
builds from the XML's defaults and two small generated images.

    slicer_cli_test.py PROGRAM {morphology|isosurface|register} WORK_DIR
"""
import gzip
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET

REQUIRED = ["category", "title", "description", "version", "documentation-url", "license",
            "contributor"]
DATA_TAGS = {"image", "geometry", "transform", "file", "directory"}
ORDER = {tag: rank for rank, tag in enumerate(
    ["name", "flag", "longflag", "index", "description", "label", "default", "channel",
     "element", "constraints"])}
# Slicer leaves these out of the command line when their value is empty.
SKIPPED_WHEN_EMPTY = DATA_TAGS | {"string", "integer-vector", "float-vector"}
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


def run(arguments):
    return subprocess.run(arguments, capture_output=True, text=True, timeout=600)


def write_nrrd(path, type_name, fmt, size, values, origin=(0.0, 0.0, 0.0), spacing=(1, 1, 1)):
    """A NRRD as Slicer writes one for a CLI (attached, LPS); values in x-fastest order."""
    header = ("NRRD0004\ntype: %s\ndimension: 3\nspace: left-posterior-superior\n"
              "sizes: %d %d %d\nspace directions: (%g,0,0) (0,%g,0) (0,0,%g)\n"
              "kinds: domain domain domain\nendian: little\nencoding: raw\n"
              "space origin: (%g,%g,%g)\n\n") % ((type_name,) + tuple(size) + tuple(spacing) +
                                                tuple(origin))
    with open(path, "wb") as f:
        f.write(header.encode())
        f.write(struct.pack("<%d%s" % (len(values), fmt), *values))


def read_nrrd(path):
    with open(path, "rb") as f:
        data = f.read()
    end = data.index(b"\n\n")
    fields = {}
    for line in data[:end].decode().splitlines()[1:]:
        if ":" in line and not line.startswith("#"):
            key, value = line.split(":", 1)
            fields[key.strip()] = value.strip().lstrip("=").strip()
    body = data[end + 2:]
    if fields.get("encoding") in ("gzip", "gz"):
        body = gzip.decompress(body)
    formats = {"short": "h", "int16": "h", "signed short": "h", "float": "f", "unsigned char": "B",
               "uchar": "B", "ushort": "H", "unsigned short": "H"}
    fmt = formats[fields["type"]]
    count = len(body) // struct.calcsize(fmt)
    endian = ">" if fields.get("endian") == "big" else "<"
    return fields, struct.unpack(endian + "%d%s" % (count, fmt), body)


def help_entry(help_text, flag):
    """The lines of --help that describe `flag`: its own line and the indented ones after it."""
    lines = help_text.splitlines()
    for i, line in enumerate(lines):
        if re.match(r"\s+" + re.escape(flag) + r"(\s|$)", line):
            entry = [line]
            for following in lines[i + 1:]:
                if re.match(r"\s+-", following) or not following.startswith("   "):
                    break
                entry.append(following)
            return " ".join(entry)
    return None


def check_description(root, help_text):
    check(root.tag == "executable", "the root is <%s>, not <executable>" % root.tag)
    for name in REQUIRED:
        element = root.find(name)
        check(element is not None and (element.text or "").strip(),
              "<%s> is missing or empty" % name)
    groups = root.findall("parameters")
    check(groups, "no <parameters> group")
    names, indices, parameters = set(), [], []
    for group in groups:
        check(group.find("label") is not None, "a <parameters> group has no <label>")
        for p in group:
            if p.tag in ("label", "description"):
                continue
            parameters.append(p)
            name = p.findtext("name", "")
            check(re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name), "bad <name> '%s'" % name)
            check(name not in names, "<name> %s twice" % name)
            names.add(name)
            for child in ("label", "description"):
                check(p.findtext(child, "").strip(), "%s has no <%s>" % (name, child))
            # The children in the order of the schema's sequence (ctkCmdLineModule.xsd,
            # SlicerExecutionModel's ModuleDescription.xsd).
            ranks = [ORDER.get(child.tag, -1) for child in p]
            check(-1 not in ranks and ranks == sorted(ranks),
                  "%s: children %s out of the schema's order" % (name, [c.tag for c in p]))
            constraints = p.find("constraints")
            if constraints is not None:
                check(constraints.find("step") is not None, "%s: constraints without <step>" % name)
            flag, index = p.findtext("longflag"), p.findtext("index")
            check((flag is None) != (index is None), "%s needs one of <longflag>, <index>" % name)
            if p.tag in DATA_TAGS:
                check(p.findtext("channel") in ("input", "output"), "%s has no channel" % name)
            if index is not None:
                indices.append(int(index))
                continue
            entry = help_entry(help_text, "--" + flag)
            if not check(entry is not None, "--%s (%s) is not in --help" % (flag, name)):
                continue
            check_types(p, flag, entry)
    check(sorted(indices) == list(range(len(indices))), "indices %s are not 0..n-1" % indices)
    return parameters


def number(text):
    return float(text.rstrip(".;:"))


def check_types(p, flag, entry):
    default = p.findtext("default", "")
    minimum, maximum = p.findtext("constraints/minimum"), p.findtext("constraints/maximum")
    if p.tag == "boolean":
        check(default == "false", "--%s: a flag's default must be false, is %s" % (flag, default))
    if p.tag in ("integer", "float"):
        try:
            value = float(default)
        except ValueError:
            check(False, "--%s: default '%s' is no number" % (flag, default))
            return
        if p.tag == "integer":
            check(value == int(value), "--%s: default %s is no whole number" % (flag, default))
        if minimum is not None:
            check(value >= float(minimum), "--%s: default below <minimum>" % flag)
        if maximum is not None:
            check(value <= float(maximum), "--%s: default above <maximum>" % flag)
    elements = [e.text for e in p.findall("element")]
    if p.tag == "string-enumeration":
        check(elements, "--%s: an enumeration without <element>s" % flag)
        check(default in elements, "--%s: default %s not in %s" % (flag, default, elements))
        for word in elements:
            check(re.search(r"\b%s\b" % re.escape(word), entry),
                  "--%s: element %s is not in its --help: %s" % (flag, word, entry))
    # A default the help states must be the XML's.
    stated = re.search(r"\(default:? ([^\s,;:)]+)", entry)
    if stated and default:
        said = stated.group(1)
        try:
            check(math.isclose(number(said), float(default), rel_tol=1e-9),
                  "--%s: --help says default %s, the XML %s" % (flag, said, default))
        except ValueError:
            if said in elements:
                check(said == default, "--%s: --help says default %s, the XML %s" %
                      (flag, said, default))


def slicer_command(program, parameters, files):
    """The command line Slicer builds: flagged parameters in order (booleans only when true,
    empty strings, vectors and unselected data left out), then the indexed ones by index."""
    command, indexed = [program], {}
    for p in parameters:
        name, default = p.findtext("name"), p.findtext("default", "")
        value = files.get(name, "") if p.tag in DATA_TAGS else default
        if p.findtext("index") is not None:
            indexed[int(p.findtext("index"))] = value
            continue
        flag = "--" + p.findtext("longflag")
        if p.tag == "boolean":
            if value == "true":
                command.append(flag)
        elif p.tag in SKIPPED_WHEN_EMPTY and value == "":
            continue
        else:
            command += [flag, value]
    return command + [indexed[i] for i in sorted(indexed)]


def check_range_refusals(program, parameters, command):
    """A whole number one past <maximum> is refused as a usage error naming the option."""
    for p in parameters:
        flag, maximum = p.findtext("longflag"), p.findtext("constraints/maximum")
        if p.tag != "integer" or maximum is None or flag is None:
            continue
        bad = list(command)
        position = bad.index("--" + flag)
        bad[position + 1] = str(int(float(maximum)) + 1)
        result = run(bad)
        check(result.returncode == 2 and ("--" + flag) in result.stderr,
              "--%s %s: expected a usage error naming it, got %d: %s" %
              (flag, bad[position + 1], result.returncode, result.stderr.strip()))


def ball(size, radius, centre, inside, outside):
    values = []
    for z in range(size):
        for y in range(size):
            for x in range(size):
                d = math.sqrt((x - centre[0])**2 + (y - centre[1])**2 + (z - centre[2])**2)
                values.append(inside if d <= radius else outside)
    return values


def mha_header(path):
    fields = {}
    with open(path, "rb") as f:
        for raw in f:
            line = raw.decode("latin-1").strip()
            key, _, value = line.partition("=")
            fields[key.strip()] = value.strip()
            if key.strip() == "ElementDataFile":
                break
    return fields


def main():
    program, which, work = sys.argv[1], sys.argv[2], sys.argv[3]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    described = run([program, "--xml"])
    if described.returncode != 0:
        print("--xml failed (%d): %s" % (described.returncode, described.stderr))
        return 1
    try:
        root = ET.fromstring(described.stdout)
    except ET.ParseError as error:
        print("--xml is not well-formed XML: %s" % error)
        return 1
    help_text = run([program, "--help"]).stdout
    parameters = check_description(root, help_text)
    # Unchanged by other arguments: --xml stops before the program's own checks.
    again = run([program, "--xml", "--force"])
    check(again.returncode == 0 and again.stdout == described.stdout, "--xml --force differs")

    size = 20
    files = {}
    if which == "morphology":
        source = [100] * size**3
        source[10 + size * (10 + size * 10)] = 0  # a one-voxel pit, which closing fills
        files["input"] = os.path.join(work, "input.nrrd")
        files["output"] = os.path.join(work, "output.nrrd")
        write_nrrd(files["input"], "short", "h", (size,) * 3, source, origin=(10, -5, 3))
    elif which == "isosurface":
        files["input"] = os.path.join(work, "input.nrrd")
        files["output"] = os.path.join(work, "surface.vtp")
        write_nrrd(files["input"], "float", "f", (size,) * 3,
                   ball(size, 6, (10, 10, 10), 200.0, 0.0))
    else:
        files["fixed"] = os.path.join(work, "fixed.nrrd")
        files["moving"] = os.path.join(work, "moving.nrrd")
        files["output"] = os.path.join(work, "registration")
        write_nrrd(files["fixed"], "float", "f", (size,) * 3,
                   ball(size, 5, (10, 10, 10), 100.0, 0.0), spacing=(2, 2, 2))
        write_nrrd(files["moving"], "float", "f", (size,) * 3,
                   ball(size, 5, (11, 10, 10), 100.0, 0.0), spacing=(2, 2, 2))
    command = slicer_command(program, parameters, files)
    print("Slicer's command line:", " ".join(command))
    # Exactly Slicer's arguments; the thread count (for a shared machine) through the environment.
    result = subprocess.run(command, capture_output=True, text=True, timeout=600,
                            env=dict(os.environ, OMP_NUM_THREADS="2"))
    if not check(result.returncode == 0, "the Slicer command line failed (%d): %s" %
                 (result.returncode, result.stderr)):
        command = None
    if command and which == "morphology":
        fields, values = read_nrrd(files["output"])
        check(fields.get("sizes") == "20 20 20", "output sizes %s" % fields.get("sizes"))
        origin = [float(v) for v in re.findall(r"[-\d.e+]+", fields.get("space origin", ""))]
        check(origin == [10, -5, 3], "output origin %s, not (10,-5,3)" % origin)
        check(values == tuple([100] * size**3), "closing did not fill the pit: %d voxels differ" %
              sum(v != 100 for v in values))
    elif command and which == "isosurface":
        with open(files["output"], "rb") as f:
            head = f.read(4096).decode("latin-1")
        check(head.startswith("<?xml") or head.startswith("<VTKFile"), "surface.vtp is no VTK XML")
        check('type="PolyData"' in head, "surface.vtp is not PolyData")
        piece = re.search(r'NumberOfPoints="(\d+)".*?NumberOfPolys="(\d+)"', head, re.S)
        check(piece and int(piece.group(1)) > 100 and int(piece.group(2)) > 100,
              "surface.vtp has too few points or triangles: %r" % (piece and piece.groups(),))
        if piece:
            # The ball's surface is one closed sphere: Euler characteristic V - E + F = 2 with
            # E = 3F/2.
            points, triangles = int(piece.group(1)), int(piece.group(2))
            check(2 * points - triangles == 4, "surface.vtp is no closed sphere: %d points, %d "
                  "triangles" % (points, triangles))
    elif command:
        out = files["output"]
        for name in ("warped.mha", "field.mha", "transform.tfm", "jacobian.mha", "summary.json"):
            check(os.path.isfile(os.path.join(out, name)), "%s was not written" % name)
        header = mha_header(os.path.join(out, "warped.mha"))
        check(header.get("DimSize") == "20 20 20", "warped.mha DimSize %s" % header.get("DimSize"))
        with open(os.path.join(out, "summary.json")) as f:
            summary = json.load(f)
        similarity = summary.get("similarity", {})
        # Lower is better: a shifted ball must come closer.
        check(similarity.get("after", 0) < similarity.get("before", 0),
              "registration did not improve the similarity: %s" % similarity)
    if command:
        check_range_refusals(program, parameters, command)
    for failure in failures:
        print("FAIL:", failure)
    print("%d parameters checked, %d failures" % (len(parameters), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
