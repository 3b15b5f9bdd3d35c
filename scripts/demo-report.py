#!/usr/bin/env python3
"""Prints what the demo story showed, from PerfGate's API, and with --check asserts it (scripts/demo.sh).

    scripts/demo-report.py RUNS_FILE [--slack FILE] [--check]

RUNS_FILE has one tab-separated line per run: label, runId, CLI exit code, story step (baseline, cpu, alloc,
lock or fixed). PERFGATE_URL and PERFGATE_TOKEN say where PerfGate is; DEMO_UI_USER and DEMO_UI_PASSWORD let
--check open the links of the Slack messages as a signed-in person would.
"""
import http.cookiejar
import html
import json
import os
import re
import sys
import urllib.parse
import urllib.request

URL = os.environ.get("PERFGATE_URL", "http://127.0.0.1:8080").rstrip("/")
TOKEN = os.environ.get("PERFGATE_TOKEN", "")

# What each story step must show: the verdict, the CLI exit code, and the profile that names the culprit.
EXPECTED = {
    "baseline": {"status": "PASS", "exit": 0},
    "fixed": {"status": "PASS", "exit": 0},
    # the CPU regression breaks the CPU growth rule (measured +229 % to +323 %), not necessarily the 50 % requirement:
    # it costs a fixed 120 ms of CPU per matrix call, and a busy machine gives the app fewer cores (53 % measured)
    "cpu": {"status": "FAIL", "exit": 3, "failing": ["cpu", "p99", "cpu-hotspot"], "cpu growth": "FAIL",
            "culprit": ("cpu", "MatrixCalculator.multiply")},
    "alloc": {"status": "FAIL", "exit": 3, "failing": ["alloc-per-request"],
              "culprit": ("alloc_bytes", "FieldLogger")},
    "lock": {"status": "FAIL", "exit": 3, "failing": ["p99"],
             "culprit": ("wall", "ConnectionPool.acquire"), "not culprit": ("cpu", "ConnectionPool.acquire")},
    # the cache switched off: each lookup maps the whole product table, a cost spread over Jackson's many frames;
    # PerfGate names the package and the demo frame it is entered from
    "cache": {"status": "FAIL", "exit": 3, "failing": ["cpu"], "cpu growth": "FAIL",
              "package": ("cpu", "tools/jackson", "entered from dev/perfgate/demo/lookup/")},
}
STEP_TITLES = {"cpu": "CPU regression", "alloc": "allocation regression", "lock": "off-CPU (lock) regression",
               "cache": "cache regression (spread over a library)"}


def api(path):
    request = urllib.request.Request(URL + path, headers={"Authorization": "Bearer " + TOKEN})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def run_of(run_id):
    query = urllib.parse.urlencode({"system": "demo-app", "workload": "peak", "environment": "local", "limit": 100})
    return next(r for r in api("/api/v1/runs?" + query)["runs"] if r["runId"] == run_id)


def value_of(verdict, check_id):
    return next((r.get("value") for r in verdict["checks"] if r["id"] == check_id), None)


def message_of(verdict, check_id):
    return next((r.get("message") for r in verdict["checks"] if r["id"] == check_id), "(no such check)")


def reading(verdict, check_id):
    value = value_of(verdict, check_id)
    return "n/a" if value is None else "%.1f" % value


def top_change(verdict, profile_type):
    """The function PerfGate names first for this profile type (its explanation lines), as users see it."""
    profile = next((p for p in verdict.get("profiles", []) if p["type"] == profile_type), None)
    if not profile:
        return None, "(no %s profile in the verdict)" % profile_type
    if profile.get("lines"):
        return profile["lines"][0], profile["lines"][0].split(" ")[0]
    return None, "(%s profile: %s)" % (profile_type, profile.get("reason") or "no function grew")


def main(argv):
    runs_file = argv[1]
    slack_file = argv[argv.index("--slack") + 1] if "--slack" in argv else None
    check = "--check" in argv
    problems = []
    rows = []
    with open(runs_file, encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                label, run_id, code, step = line.rstrip("\n").split("\t")
                rows.append((label, run_id, int(code), step))

    print("\n== Verdicts (CPU of the demo app's process as read; CPU seconds per 1,000 requests)")
    story = []
    for label, run_id, code, step in rows:
        run = run_of(run_id)
        verdict = api("/api/v1/runs/%s/verdict" % run["id"])
        story.append((label, run, verdict, code, step))
        print("  %-26s %-12s exit %s   cpu %-8s cpu/1k %-8s %s/runs/%s" % (
            label, verdict["status"], code, reading(verdict, "cpu"), reading(verdict, "cpu-per-1k"), URL, run["id"]))

    for label, run, verdict, code, step in story:
        if step not in STEP_TITLES:
            continue
        print("\n== %s: %s (%s)" % (label, verdict["status"], verdict.get("summary", "")))
        for result in verdict["checks"]:
            if result["status"] != "PASS":
                print("  %-5s %s" % (result["status"], result["message"]))
        for profile_type in ("cpu", "wall", "alloc_bytes", "lock_duration"):
            change, name = top_change(verdict, profile_type)
            print("  grew most in %-13s %s" % (profile_type + ":", name))
        cpu = next((p for p in verdict.get("profiles", []) if p["type"] == "cpu"), {})
        for line in cpu.get("lines") or []:
            if "entered from" in line or line.startswith("spread:"):
                print("  package:     %s" % line)
        print("  compare with its baseline: %s" % verdict["links"].get("compare", "(none)"))

    if slack_file:
        messages = read_messages(slack_file)
        print("\n== Slack (local webhook receiver): %d message(s)" % len(messages))
        for message in messages:
            print("  " + (message["body"].get("text") or "(blocks only)"))

    if not check:
        return 0
    cores = os.cpu_count() or 1
    for label, run, verdict, code, step in story:
        # a dead metric must fail the story, not pass it: the demo app serves ~24 requests/s in every run
        cpu = value_of(verdict, "cpu")
        if cpu is None or not 0 < cpu < cores * 100:
            problems.append("%s: the demo app's CPU read %s, not a real reading (expected > 0 %% and < %d %%): %s" % (
                label, cpu, cores * 100, message_of(verdict, "cpu")))
        expected = EXPECTED[step]
        checks = {}
        for result in verdict["checks"]:
            checks.setdefault(result["id"], []).append(result)
        if verdict["status"] != expected["status"]:
            problems.append("%s: verdict %s, expected %s" % (label, verdict["status"], expected["status"]))
        if code != expected["exit"]:
            problems.append("%s: the CLI exited %s, expected %s" % (label, code, expected["exit"]))
        for check_id in expected.get("failing", []):
            if not any(r["status"] == "FAIL" for r in checks.get(check_id, [])):
                problems.append("%s: check %s did not fail" % (label, check_id))
        for check_id in expected.get("passing", []):
            if any(r["status"] != "PASS" for r in checks.get(check_id, [{"status": "missing"}])):
                problems.append("%s: check %s did not pass" % (label, check_id))
        if "cpu growth" in expected:
            statuses = [r.get("growthStatus") for r in checks.get("cpu", [])]
            if statuses != ["FAIL"]:
                problems.append("%s: the CPU growth rule was %s, expected FAIL" % (label, statuses))
        if "culprit" in expected:
            profile_type, wanted = expected["culprit"]
            _, name = top_change(verdict, profile_type)
            if profile_type == "wall" and not any(p["type"] == "wall" for p in verdict.get("profiles", [])):
                print("  (%s: no wall-clock profile configured; the wall diff is not checked)" % label)
            elif wanted not in name:
                problems.append("%s: the %s diff names %s first, expected %s" % (label, profile_type, name, wanted))
        if "package" in expected:
            profile_type, package, entry = expected["package"]
            profile = next((p for p in verdict.get("profiles", []) if p["type"] == profile_type), {})
            if not any(line.startswith(package) and entry in line for line in profile.get("lines") or []):
                problems.append("%s: the %s profile does not name %s %s: %s" % (
                    label, profile_type, package, entry, profile.get("lines") or profile.get("reason")))
        if "not culprit" in expected:
            profile_type, unwanted = expected["not culprit"]
            _, name = top_change(verdict, profile_type)
            if unwanted in name:
                problems.append("%s: the %s diff names %s first; it should not" % (label, profile_type, name))
    problems += check_run_pages(story)
    if slack_file:
        problems += check_slack(read_messages(slack_file), story)
    if problems:
        for problem in problems:
            print("demo check: " + problem, file=sys.stderr)
        return 1
    print("\ndemo: %d runs as expected, Slack messages and their links checked" % len(story))
    return 0


def read_messages(path):
    try:
        with open(path, encoding="utf-8") as lines:
            return [json.loads(line) for line in lines if line.strip()]
    except FileNotFoundError:
        return []


def check_run_pages(story):
    """Passing runs name no function that grew; each run page shows the profile evidence its verdict stored."""
    problems = []
    browser = signed_in_browser()
    for label, run, verdict, code, step in story:
        profiles = verdict.get("profiles", [])
        if verdict["status"] == "PASS":
            grew = [line for p in profiles for line in p.get("lines") or []]
            if grew:
                problems.append("%s: a passing run names what grew: %s" % (label, grew))
        with browser.open(URL + "/runs/" + run["id"], timeout=30) as response:
            page = html.unescape(response.read().decode("utf-8", "replace"))
        for profile in profiles:
            for text in (profile.get("lines") or []) + [profile.get("reason") or ""]:
                if text and text not in page:
                    problems.append("%s: the run page does not show the stored %s evidence: %s" % (
                        label, profile["type"], text))
    return problems


def check_slack(messages, story):
    """One message per failing run, none for the others; each names the culprit and its links work."""
    problems = []
    browser = signed_in_browser()
    for label, run, verdict, code, step in story:
        mine = [m for m in messages if "/runs/" + run["id"] in json.dumps(m["body"])]
        want = 1 if verdict["status"] == "FAIL" else 0
        if len(mine) != want:
            problems.append("%s: %d Slack message(s), expected %d" % (label, len(mine), want))
            continue
        if not mine:
            continue
        text = json.dumps(mine[0]["body"], ensure_ascii=False)
        for result in verdict["checks"]:
            if result["status"] == "FAIL" and result["name"] not in text:
                problems.append("%s: the Slack message does not name failing check %s" % (label, result["name"]))
        culprit_type, wanted = EXPECTED[step].get("culprit", (None, None))
        if culprit_type == "wall" and not any(p["type"] == "wall" for p in verdict.get("profiles", [])):
            wanted = None
        if wanted and wanted not in text:
            problems.append("%s: the Slack message does not name %s" % (label, wanted))
        links = sorted(set(re.findall(r'"url":\s*"([^"]+)"', text)))
        for kind, pattern in (("run page", "/runs/"), ("compare page", "/compare?"), ("flamegraph diff", "diff")):
            if not any(pattern in link for link in links):
                problems.append("%s: the Slack message has no %s link" % (label, kind))
        # the compare page draws the CPU diff: it must show a CPU culprit, and draw something for the others
        cpu_culprit = wanted if EXPECTED[step].get("culprit", ("",))[0] == "cpu" else ""
        problems += ["%s: %s" % (label, p) for p in check_links(browser, links, cpu_culprit)]
    return problems


def check_links(browser, links, culprit):
    """Opens each link: PerfGate pages as a signed-in person, Pyroscope links through their API twin."""
    problems = []
    for link in links:
        try:
            if link.startswith(URL):
                with browser.open(link, timeout=30) as response:
                    page = response.read().decode("utf-8", "replace")
                    if response.status != 200 or "/login" in response.url:
                        problems.append("link %s answered %s at %s" % (link, response.status, response.url))
                    elif "/compare" in link:
                        problems += check_compare_page(browser, link, page, culprit)
            else:
                problems += check_pyroscope_link(link, culprit)
        except Exception as error:  # noqa: BLE001 - every failure is a finding here
            problems.append("link %s failed: %s" % (link, error))
    return problems


def check_compare_page(browser, link, page, culprit):
    """The compare page draws its diff flame graph from data-src: that data must name the culprit."""
    source = re.search(r'id="flamegraph"\s+data-src="([^"]+)"', page)
    if not source:
        return ["the compare page %s has no diff flame graph" % link]
    with browser.open(URL + source.group(1).replace("&amp;", "&"), timeout=60) as response:
        data = response.read().decode("utf-8", "replace")
        profiles = response.headers.get("PerfGate-Profiles") or ""
    if '"children"' not in data or culprit.split(".")[0] not in data:
        return ["the diff flame graph of %s does not show %s" % (link, culprit)]
    if not profiles.startswith("as judged in run "):
        return ["the diff flame graph of %s is not drawn from the profiles its verdict judged: %s" % (
            link, profiles or "(no PerfGate-Profiles header)")]
    return []


def check_pyroscope_link(link, culprit):
    """The classic UI link's query, asked of the API that draws it (the test server has no UI assets)."""
    parts = urllib.parse.urlsplit(link)
    params = dict(urllib.parse.parse_qsl(parts.query))
    if parts.path.endswith("comparison-diff"):
        api_path = "/render-diff"
    elif parts.path.endswith("comparison") or parts.path in ("", "/"):
        api_path = "/render"
    else:
        return ["unknown Pyroscope link %s" % link]
    params.update({"format": "json", "max-nodes": "16384"})
    with urllib.request.urlopen("%s://%s%s?%s" % (parts.scheme, parts.netloc, api_path,
                                                  urllib.parse.urlencode(params)), timeout=30) as response:
        body = response.read().decode("utf-8", "replace")
    if '"flamebearer"' not in body or culprit.split(".")[0] not in body:
        return ["the Pyroscope data behind %s does not contain %s" % (link, culprit or "a flame graph")]
    return []


def signed_in_browser():
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    user, password = os.environ.get("DEMO_UI_USER"), os.environ.get("DEMO_UI_PASSWORD")
    if user and password:
        with opener.open(URL + "/login", timeout=30) as response:
            form = response.read().decode("utf-8", "replace")
        csrf = re.search(r'name="_csrf"\s+value="([^"]+)"', form) or re.search(r'value="([^"]+)"\s+name="_csrf"', form)
        data = {"username": user, "password": password}
        if csrf:
            data["_csrf"] = csrf.group(1)
        opener.open(URL + "/login", data=urllib.parse.urlencode(data).encode(), timeout=30).close()
    return opener


if __name__ == "__main__":
    sys.exit(main(sys.argv))
