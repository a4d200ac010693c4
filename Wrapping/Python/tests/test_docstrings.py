"""Every public function of every public module has its real signature and a numpydoc
docstring that documents exactly its parameters, with Returns, Raises and Examples sections; the
Examples run (they need no GPU and no data: doctest, here); __name__ is the public name; an
unknown keyword raises a TypeError naming the public function and its keywords."""
import doctest
import inspect
import re
import warnings

import numpy as np
import pytest

import cumed

MODULES = ["cumed", "cumed.io", "cumed.morphology", "cumed.surface", "cumed.piv", "cumed.deform",
           "cumed.registration"]


def public_functions():
    import importlib
    found = []
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        names = getattr(module, "__all__", None) or [n for n in dir(module) if not n.startswith("_")]
        for name in names:
            value = getattr(module, name)
            if inspect.isfunction(value) or inspect.isbuiltin(value):
                if module_name != "cumed" and getattr(value, "__module__", None) != module_name:
                    continue  # imported from elsewhere (documented there)
                found.append((f"{module_name}.{name}", value))
    return found


FUNCTIONS = public_functions()


def public_methods():
    """The public methods of the public classes written in Python (the native classes'
    methods are documented by pybind11's signatures)."""
    import importlib
    found = []
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        names = getattr(module, "__all__", None) or [n for n in dir(module) if not n.startswith("_")]
        for name in names:
            value = getattr(module, name)
            if not inspect.isclass(value) or value.__module__ != module_name:
                continue
            for method_name, method in vars(value).items():
                if inspect.isfunction(method) and not method_name.startswith("_"):
                    found.append((f"{module_name}.{name}.{method_name}", method))
    return found


METHODS = public_methods()


def sections(doc):
    """{section title: [lines]} of a numpydoc docstring."""
    lines = inspect.cleandoc(doc).splitlines()
    result, current = {}, None
    for i, line in enumerate(lines):
        if i + 1 < len(lines) and re.fullmatch(r"-{3,}", lines[i + 1].strip()) and line.strip():
            current = line.strip()
            result[current] = []
        elif current is not None and not re.fullmatch(r"-{3,}", line.strip()):
            result[current].append(line)
    return result


def documented_parameters(lines):
    names = []
    for line in lines:
        if line and not line.startswith(" "):
            head = line.split(" : ")[0].strip()
            if head == "None":
                continue
            names += [name.strip() for name in head.split(",")]
    return names


def test_there_are_public_functions_to_check():
    names = [name for name, _ in FUNCTIONS]
    assert "cumed.morphology.closing" in names and "cumed.io.read_image" in names
    assert len(names) > 40, names


@pytest.mark.parametrize("name,function", FUNCTIONS, ids=[n for n, _ in FUNCTIONS])
def test_signature_and_docstring(name, function):
    assert function.__name__ == name.rsplit(".", 1)[1], f"{name}: __name__ is {function.__name__}"
    assert function.__qualname__ == function.__name__, f"{name}: __qualname__ {function.__qualname__}"
    signature = inspect.signature(function)
    kinds = {p.kind for p in signature.parameters.values()}
    assert inspect.Parameter.VAR_KEYWORD not in kinds, f"{name} takes **keywords"
    doc = function.__doc__
    assert doc, f"{name} has no docstring"
    parts = sections(doc)
    for needed in ("Parameters", "Returns", "Raises", "Examples"):
        assert needed in parts, f"{name}: no {needed} section"
    documented = documented_parameters(parts["Parameters"])
    actual = [p for p in signature.parameters if p != "self"]
    missing = [p for p in actual if p not in documented]
    extra = [p for p in documented if p not in actual]
    assert not missing, f"{name}: parameters not documented: {missing}"
    assert not extra, f"{name}: documented parameters that do not exist: {extra}"
    for line in parts["Parameters"]:
        if line and not line.startswith(" ") and line.strip() != "None":
            assert " : " in line, f"{name}: parameter line without a type: {line!r}"
    assert "{execution}" not in doc, f"{name}: unexpanded placeholder"


def test_there_are_public_methods_to_check():
    names = [name for name, _ in METHODS]
    assert "cumed.surface.Mesh.surface" in names and "cumed.deform.MeshDeformer.deform" in names


@pytest.mark.parametrize("name,method", METHODS, ids=[n for n, _ in METHODS])
def test_method_docstring(name, method):
    doc = method.__doc__
    assert doc, f"{name} has no docstring"
    parts = sections(doc)
    for needed in ("Parameters", "Returns", "Raises", "Examples"):
        assert needed in parts, f"{name}: no {needed} section"
    documented = documented_parameters(parts["Parameters"])
    actual = [p for p in inspect.signature(method).parameters if p != "self"]
    assert sorted(documented) == sorted(actual), f"{name}: documents {documented}, takes {actual}"
    test_examples_run(name, method)


@pytest.mark.parametrize("name,function", FUNCTIONS, ids=[n for n, _ in FUNCTIONS])
def test_examples_run(name, function):
    finder = doctest.DocTestFinder(recurse=False)
    tests = finder.find(function, name, globs={})
    assert tests and tests[0].examples, f"{name}: no examples"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a GDCM summary in an io example is not the example's
        for test in tests:
            runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed"


@pytest.mark.parametrize("name,function", FUNCTIONS, ids=[n for n, _ in FUNCTIONS])
def test_unknown_keyword_names_the_public_function(name, function):
    with pytest.raises(TypeError) as caught:
        function(not_a_keyword_of_cumed=1)
    text = str(caught.value)
    assert f"{name.replace('cumed.cumed', 'cumed')}()" in text or \
        f"{function.__module__}.{function.__name__}()" in text, text
    assert "not_a_keyword_of_cumed" in text
    accepted = [p for p in inspect.signature(function).parameters]
    assert all(p in text for p in accepted), text
    assert "execution()" not in text and "apply()" not in text


def test_unknown_keyword_message_of_closing():
    with pytest.raises(TypeError, match=r"cumed\.morphology\.closing\(\) got an unexpected "
                                        r"keyword argument 'footprnt'; it accepts: image, radius, "
                                        r"footprint"):
        cumed.morphology.closing(np.zeros((3, 3), np.uint8), footprnt=cumed.morphology.disk(1))


def test_help_shows_every_parameter():
    text = cumed.morphology.dilate.__doc__
    assert "footprint : " in text and "spacing_xyz : " in text and "backend : " in text
    assert str(inspect.signature(cumed.morphology.closing)).startswith(
        "(image, radius=None, *, footprint=None, element='ball'")
