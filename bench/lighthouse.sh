#!/usr/bin/env bash
# Lighthouse (mobile) on the set-up page, a round page, the standings page and
# the table view (of the game being played),
# served by gunicorn as `make run` serves them, on a throwaway SQLite database.
#
#   bench/lighthouse.sh            # from the repository root
#   RUNS=3 bench/lighthouse.sh     # three times over (the machine's load before each)
#   WARM=0 bench/lighthouse.sh     # on workers that have not served the pages yet
#
# Installs lighthouse@12 into bench/node_modules on first use (Lighthouse 13
# needs Node 22). Prints the four category scores per page and, for any
# category under 100, the audits that cost points, and the performance
# opportunities even at 100. The JSON reports and the server's error log
# (gunicorn.log) land in bench/results/ (gitignored).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BENCH="$ROOT/bench"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"
CHROME="${CHROME_PATH:-/usr/bin/chromium}"
CHROME_FLAGS="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync"
RESULTS="$BENCH/results"
LIGHTHOUSE="$BENCH/node_modules/.bin/lighthouse"

[ -x "$CHROME" ] || { echo "no Chromium at $CHROME (make chromium)" >&2; exit 1; }
if [ ! -x "$LIGHTHOUSE" ]; then
  echo "Installing lighthouse@12 into bench/node_modules ..."
  npm install --prefix "$BENCH" --no-save --no-audit --no-fund --silent lighthouse@12
fi

WORK="$(mktemp -d)"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

export DATABASE_URL="sqlite:///$WORK/lighthouse.sqlite3"
export SECRET_KEY="lighthouse"

# A finished 25-round game for the standings, and a game in round 4 with all
# but the dealer's bid in, so the round page shows the forbidden chip.
read -r FINISHED ROUND_URL < <(cd "$ROOT" && "$PYTHON" - <<'EOF'
import sys
sys.path.insert(0, "bench")
from web import Table
from scorekeeper import create_app
from scorekeeper.storage.database import db

app = create_app({"WTF_CSRF_ENABLED": False})
with app.app_context():
    db.create_all()
table = Table(app.test_client())
finished = table.start()
table.play(finished, 25)
gid = table.start()
table.play(gid, 3)
table.post(gid, "/round/4/trump", trump="H")
for seat in (4, 5, 6, 0, 1, 2):  # round 4: Di deals, Ed bids first
    table.post(gid, "/round/4/bid", player=seat, bid=1)
print(finished, f"/g/{gid}/round/4")
EOF
)

mkdir -p "$RESULTS"
PORT="$("$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
BASE="http://127.0.0.1:$PORT"
(cd "$WORK" && exec "$ROOT/.venv/bin/gunicorn" --config "$ROOT/gunicorn.conf.py" --bind "127.0.0.1:$PORT" --workers 2 \
  --error-logfile "$RESULTS/gunicorn.log" "scorekeeper:create_app()") &
SERVER_PID=$!
for _ in $(seq 50); do
  curl -fs -o /dev/null "$BASE/new" && break
  sleep 0.2
done
curl -fs -o /dev/null "$BASE/new" || { cat "$RESULTS/gunicorn.log" >&2; exit 1; }

page_url() {
  case $1 in
    setup) echo "$BASE/new" ;;
    round) echo "$BASE$ROUND_URL" ;;
    standings) echo "$BASE/g/$FINISHED/standings" ;;
    table) echo "$BASE${ROUND_URL%/round/4}/table" ;;
  esac
}
# A server that has served a page before, as a table's server has: each
# worker compiles a template on its first use of it (some 200 ms for the
# set-up page), which Lighthouse would otherwise count in the first run.
# Ten requests a page reach both workers; WARM=0 measures cold workers.
for page in setup round standings table; do
  for _ in $(seq "${WARM:-10}"); do curl -fs -o /dev/null "$(page_url $page)"; done
done

RUNS="${RUNS:-1}"
for run in $(seq "$RUNS"); do
[ "$RUNS" = 1 ] || echo "run $run of $RUNS"
echo "load: $(uptime | sed 's/.*load average/load average/')"
printf '%-10s %13s %13s %14s %5s   %s\n' page performance accessibility best-practices seo "FCP LCP TBT CLS SI"
for page in setup round standings table; do
  url="$(page_url $page)"
  report="$RESULTS/lighthouse-$page$([ "$RUNS" = 1 ] || echo "-$run").json"
  CHROME_PATH="$CHROME" "$LIGHTHOUSE" "$url" --chrome-flags="$CHROME_FLAGS" \
    --form-factor=mobile --output=json --output-path="$report" --quiet \
    2> >(grep -v 'unexpected operator' >&2)
  "$PYTHON" - "$page" "$report" <<'EOF'
import json, sys
page, path = sys.argv[1], sys.argv[2]
report = json.load(open(path))
cats = report["categories"]
scores = [round(100 * cats[c]["score"]) for c in ("performance", "accessibility", "best-practices", "seo")]
audits = report["audits"]
metrics = " ".join(audits[m]["displayValue"].replace("\xa0", "") for m in (
    "first-contentful-paint", "largest-contentful-paint", "total-blocking-time",
    "cumulative-layout-shift", "speed-index"))
# Lighthouse's own measure of the machine's speed at the time (its benchmark
# index: under about 1,000, a machine busy with other work or slow).
speed = round(report["environment"]["benchmarkIndex"])
print(f"{page:<10} {scores[0]:>13} {scores[1]:>13} {scores[2]:>14} {scores[3]:>5}   {metrics}  speed {speed}")
for name, cat in cats.items():
    for ref in cat["auditRefs"]:
        audit = report["audits"][ref["id"]]
        if audit["score"] is None or audit["score"] == 1:
            continue
        # Audits that cost points, and the performance opportunities (weight 0)
        # that a 100 hides: compression, caching, render-blocking resources.
        kind = (audit.get("details") or {}).get("type")
        if (ref["weight"] and cat["score"] < 1) or kind == "opportunity" or ref["id"] == "uses-long-cache-ttl":
            value = audit.get("displayValue", "")
            urls = [i["url"].rsplit("/", 1)[-1] for i in (audit.get("details") or {}).get("items", []) if "url" in i][:3]
            print(f"{'':<10}   {name}: {ref['id']} ({audit['score']:.2f}) {value} {' '.join(urls)}")
EOF
done
done
echo "reports: $RESULTS/lighthouse-{setup,round,standings,table}[-RUN].json"
