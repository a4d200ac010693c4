"""Writes cumed-<version>.dist-info beside an installed cumed package, so pip sees the install
(pip list, pip show) and can remove it (pip uninstall). Run at install time by
cmake/CuMedPythonInstall.cmake:
    python3 CuMedPythonDistInfo.py <site dir> <version> <pyproject.toml>
METADATA's fields come from pyproject.toml's [project] table, the version from CMake (configure
fails when the two differ); RECORD lists every file under <site>/cumed and the dist-info with its
sha256 (the wheel format's urlsafe base64 without padding) and size.
"""
import base64
import hashlib
import os
import sys

try:
    import tomllib
except ImportError:  # Python < 3.11: METADATA with the fields CMake knows
    tomllib = None


def record_line(site, path):
    with open(path, "rb") as f:
        data = f.read()
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (os.path.relpath(path, site), digest, len(data))


def main():
    site, version, pyproject = sys.argv[1:4]
    project = {"name": "cumed", "description": "", "dependencies": []}
    if tomllib is not None:
        with open(pyproject, "rb") as f:
            project.update(tomllib.load(f)["project"])
    package = os.path.join(site, "cumed")
    if not os.path.isfile(os.path.join(package, "__init__.py")):
        sys.exit("CuMedPythonDistInfo: no cumed package in %s" % site)
    info = os.path.join(site, "cumed-%s.dist-info" % version)
    os.makedirs(info, exist_ok=True)
    lines = ["Metadata-Version: 2.1", "Name: " + project["name"], "Version: " + version,
             "Summary: " + project["description"], "License: Apache-2.0"]
    if "requires-python" in project:
        lines.append("Requires-Python: " + project["requires-python"])
    lines += ["Requires-Dist: " + d for d in project["dependencies"]]
    for extra, deps in project.get("optional-dependencies", {}).items():
        lines.append("Provides-Extra: " + extra)
        lines += ['Requires-Dist: %s; extra == "%s"' % (d, extra) for d in deps]
    texts = {
        "METADATA": "\n".join(lines) + "\n",
        # Installed by CMake, not by pip: pip still uninstalls it (RECORD), and says who put it.
        "INSTALLER": "cmake\n",
        "WHEEL": "Wheel-Version: 1.0\nGenerator: CuMed (cmake --install)\nRoot-Is-Purelib: false\n"
                 "Tag: py3-none-any\n",
        "top_level.txt": "cumed\n",
    }
    for name, text in texts.items():
        with open(os.path.join(info, name), "w") as f:
            f.write(text)
    files = []
    for root, dirs, names in os.walk(package):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        files += [os.path.join(root, n) for n in names if not n.endswith(".pyc")]
    files += [os.path.join(info, n) for n in sorted(texts)]
    record = os.path.join(info, "RECORD")
    with open(record, "w") as f:
        for path in sorted(files):
            f.write(record_line(site, path) + "\n")
        f.write(os.path.relpath(record, site) + ",,\n")
    for name in sorted(texts) + ["RECORD"]:
        print(os.path.join(info, name))


if __name__ == "__main__":
    main()
