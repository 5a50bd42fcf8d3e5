import { timeoutSeconds } from '../../samples/request';
import { defaultMaxSteps } from '../runModel';

/* The fixed part of every Python program: its helpers and its command line (no text of a document is in it). */

/** The helpers every program has, whatever its recipe: no text of a document is in them. */
export const helpers = String.raw`class RecipeFailed(Exception):
    pass


# Each step, a workflow's as well as a call's, counts against the limit the portal's runner keeps: a loop (a paging
# workflow that calls itself) cannot run forever.
MAX_STEPS = ${defaultMaxSteps}
steps_taken = 0


def take_step(step):
    global steps_taken
    steps_taken += 1
    if steps_taken > MAX_STEPS:
        raise RecipeFailed("The run stopped at its limit of " + str(MAX_STEPS) + " steps, before " + step)


def pick(value, path):
    # A runtime expression's value: a name or JSON pointer token at a time; None when nothing is there.
    for key in path:
        if isinstance(value, list) and re.fullmatch(r"0|[1-9][0-9]*", key):
            value = value[int(key)] if int(key) < len(value) else None
        elif isinstance(value, dict) and key in value:
            value = value[key]
        else:
            return None
    return value


def text(value):
    # A value inside text: a string as it is, nothing as nothing, anything else as JSON.
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def number(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, str) and re.fullmatch(r"-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?", value.strip()):
        return float(value)
    return None


def same(left, right):
    # A number equals a string that is one (a query value read back); structures compare as JSON.
    if any(isinstance(side, (int, float)) and not isinstance(side, bool) for side in (left, right)):
        x, y = number(left), number(right)
        return x is not None and y is not None and x == y
    if any(side is None or isinstance(side, (dict, list)) for side in (left, right)):
        return json.dumps(left) == json.dumps(right)
    return left == right


def compare(operator, left, right):
    if operator == "==":
        return same(left, right)
    if operator == "!=":
        return not same(left, right)
    x, y = number(left), number(right)
    if x is None or y is None:
        if not (isinstance(left, str) and isinstance(right, str)):
            return False  # Anything else is in order with nothing.
        x, y = left, right
    return {"<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y}[operator]


def holds(value):
    # JavaScript's truth, which the recipes' conditions are written in: an empty list or object holds.
    if value is None or value is False:
        return False
    if isinstance(value, bool):
        return True
    if isinstance(value, (int, float)):
        return value == value and value != 0
    return value != ""


def with_defaults(workflow, given, defaults, required):
    inputs = {name: value for name, value in given.items() if value is not None}
    for name, value in defaults.items():
        inputs.setdefault(name, value)
    missing = [name for name in required if name not in inputs]
    if missing:
        raise RecipeFailed(workflow + " needs the input " + ", ".join(missing))
    return inputs


def segment(value, placeholder):
    # A path parameter, percent-encoded; . and .. would change which call is made.
    if value is None or value == "":
        return placeholder
    value = text(value)
    if value in (".", ".."):
        raise RecipeFailed("a path parameter cannot be " + value)
    return urllib.parse.quote(value, safe="")


def query_pairs(name, value, explode):
    if value is None or value == "":
        return []
    if isinstance(value, list):
        return [(name, text(item)) for item in value] if explode else [(name, ",".join(text(item) for item in value))]
    return [(name, text(value))]


def header_value(value):
    value = None if value is None or value == "" else text(value)
    if value is not None and re.search(r"[\x00-\x1f\x7f]", value):
        raise RecipeFailed("a header cannot carry a line break or another control character")
    return value


class NoRedirect(urllib.request.HTTPRedirectHandler):
    # A redirect is not followed (as curl does not): it would take the credential to whatever host it names.
    # Refused here, the 3xx arrives as an HTTPError: the answer, which the step's criteria judge.
    def redirect_request(self, request, answer, code, message, headers, url):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


def call(method, url, pairs, headers, body):
    # One call; a 429 waits as long as the server asks (or a second) and is tried once more.
    if pairs:
        url += "?" + urllib.parse.urlencode(pairs, quote_via=urllib.parse.quote)
    headers = {name: value for name, value in headers.items() if value is not None}
    data = None if body is None else json.dumps(body).encode()
    for attempt in range(2):
        request = urllib.request.Request(url, method=method, headers=headers, data=data)
        try:
            with OPENER.open(request, timeout=${timeoutSeconds}) as response:
                status, kind, answer = response.status, response.headers.get("Content-Type", ""), response.read()
        except urllib.error.HTTPError as error:
            if error.code == 429 and attempt == 0:
                retry_after = error.headers.get("Retry-After", "")
                time.sleep(int(retry_after) if retry_after.isdigit() else 1)
                continue
            status, kind, answer = error.code, error.headers.get("Content-Type", ""), error.read()
        answer = answer.decode("utf-8", "replace")
        kind = kind.split(";")[0].strip().lower()
        if kind == "application/json" or kind.endswith("+json") or (kind == "" and re.match(r"\s*[\[{]", answer)):
            try:
                return status, json.loads(answer)
            except ValueError:
                pass
        return status, answer


def fail_step(workflow, step, criteria, status, body):
    reason = " and ".join(criteria) or "a 2xx status"
    answer = "" if status is None else " (HTTP " + str(status) + "): " + text(body)
    raise RecipeFailed(workflow + ": step " + step + " failed: " + reason + " does not hold" + answer)


def read_inputs(table, given):
    # Each input from the command line, else its variable, else its default (applied by the workflow) or example.
    inputs = {}
    for item in table:
        name = item["name"]
        if "credential" in item:
            if name in given:
                raise RecipeFailed(name + " is read from " + item["credential"] + " only, not from the command line")
            value = os.environ.get(item["credential"])
            if not value and item["required"]:
                raise RecipeFailed("Set " + item["credential"])
        else:
            value = given.pop(name, None) or os.environ.get(item["env"])
        if value:
            if item.get("type", "string") != "string":
                try:
                    value = json.loads(value)
                except ValueError:
                    raise RecipeFailed("--" + name + " is not JSON (" + item["type"] + "): " + value)
            inputs[name] = value
        elif "default" not in item and "example" in item:
            inputs[name] = item["example"]
    if given:
        raise RecipeFailed("No input " + ", ".join(given) + "; the inputs: " + ", ".join(i["name"] for i in table))
    return inputs`;

export const main = String.raw`def main(arguments):
    global MAX_STEPS
    given = {}
    while arguments:
        argument = arguments.pop(0)
        if not argument.startswith("--"):
            raise RecipeFailed("Unexpected " + argument + ": give inputs as --<name> <value>")
        name, equals, value = argument[2:].partition("=")
        if not equals:
            if not arguments:
                raise RecipeFailed(argument + " needs a value")
            value = arguments.pop(0)
        given[name] = value
    steps = given.pop("max-steps", str(MAX_STEPS))
    if not re.fullmatch(r"[1-9][0-9]*", steps):
        raise RecipeFailed("--max-steps needs a whole number above 0")
    MAX_STEPS = int(steps)
    workflow = given.pop("workflow", FIRST)
    if workflow not in WORKFLOWS:
        raise RecipeFailed("No workflow " + workflow + "; the workflows: " + ", ".join(WORKFLOWS))
    run, table = WORKFLOWS[workflow]
    outputs = run(read_inputs(table, given))
    print(json.dumps(outputs, indent=2))


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except RecipeFailed as error:
        sys.exit(str(error))
    except urllib.error.URLError as error:
        # No answer at all (no such host, refused, timed out): what happened, without a traceback.
        sys.exit("The request failed: " + str(error.reason))`;
