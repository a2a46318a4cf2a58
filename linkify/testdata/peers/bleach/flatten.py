# flatten.py: makes cases.json from the extraction of bleach's tests in
# /work/shared/conformance/bleach/cases.json (see PROVENANCE.md): each
# parametrized case becomes a literal one by evaluating, with its params,
# the literal strings of the test's assert (f-strings only; bleach itself
# is not run). Usage: python3 flatten.py SRC > cases.json
import ast, json, sys

src = json.load(open(sys.argv[1]))
out = []
for i, c in enumerate(src["cases"]):
    name = "%s:%s" % (c["test"], c.get("line", i))
    if c["kind"] == "literal":
        out.append({"name": name, "input": c["input"], "kwargs": c["kwargs"], "expected": c["expected_html"]})
        continue
    p = dict(c["params"])
    if "expected_parts" in p:
        p.update(p.pop("expected_parts"))
    name = "%s:%s" % (c["test"], json.dumps(c["params"], ensure_ascii=False, sort_keys=True))
    expr = ast.parse(c["harness_assert"][0].strip()).body[0].test
    case = {"name": name}
    if not isinstance(expr, ast.Compare) or not isinstance(expr.left, ast.Call):
        case["skip"] = "assert is not linkify(x) == y"
        out.append(case)
        continue
    call = expr.left
    fn = ast.unparse(call.func)
    if fn == "cleaner.clean":
        # Cleaner(filters=[LinkifyFilter]): sanitizing, then linkify.
        fn = "linkify"
        case["via"] = "Cleaner(filters=[LinkifyFilter]).clean"
    if fn != "linkify":
        case["skip"] = "needs " + fn
        out.append(case)
        continue
    env = dict(p)
    arg = call.args[0]
    if isinstance(arg, ast.Call):  # linkify(linkify(data)) == linkify(data)
        case["input"] = eval(compile(ast.Expression(arg.args[0]), "", "eval"), {}, env)
        case["kwargs"] = {}
        case["idempotent"] = True
        out.append(case)
        continue
    case["input"] = eval(compile(ast.Expression(arg), "", "eval"), {}, env)
    case["kwargs"] = {k.arg: eval(compile(ast.Expression(k.value), "", "eval"), {}, env) for k in call.keywords}
    case["expected"] = eval(compile(ast.Expression(expr.comparators[0]), "", "eval"), {}, env)
    out.append(case)
json.dump({"_about": "bleach's linkify tests, flattened by flatten.py from the extraction described in PROVENANCE.md", "cases": out}, sys.stdout, ensure_ascii=False, indent=1)
print()
