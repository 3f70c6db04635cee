#!/usr/bin/env bash
# Runs the test command given as arguments, with three guards for CI:
#
# - Output line by line. On a pipe XCTest's output is block-buffered, so a
#   log cut short ends mid-line, kilobytes before the test that was running.
# - A watchdog. When nothing has been printed for IBOOK_TEST_STALL seconds
#   (default 600; no test takes a minute), it prints the processes under the
#   run and kills the programs the tests are waiting on, so the waiting test
#   fails with what it saw and the run goes on. After three stalls it ends the
#   run, well inside CI's limit.
# - No controlling terminal. The run is a session of its own, so no program
#   under test can be stopped by the job control of the terminal CI runs on
#   (a background process that sets modes on /dev/tty gets SIGTTOU and waits).
set -uo pipefail

stall=${IBOOK_TEST_STALL:-600}
log=$(mktemp)
trap 'rm -f "$log"' EXIT

setsid --wait stdbuf -oL -eL "$@" > "$log" 2>&1 < /dev/null &
runner=$!
tail -n +1 -f --pid="$runner" "$log" &
printer=$!

descendants() {
    local children
    children=$(pgrep -P "$1" || true)
    for child in $children; do
        echo "$child"
        descendants "$child"
    done
}

stalls=0
while kill -0 "$runner" 2>/dev/null; do
    sleep 10
    age=$(( $(date +%s) - $(stat -c %Y "$log") ))
    (( age < stall )) && continue
    stalls=$((stalls + 1))
    echo "run-tests: no test output for ${age} s (stall ${stalls}); the processes under the run:"
    ps -o pid,ppid,etime,args --forest -g "$(ps -o sid= -p "$runner" | tr -d ' ')" 2>/dev/null || ps -ef --forest
    xctest=$({ echo "$runner"; descendants "$runner"; } | while read -r pid; do
        [[ "$(ps -o args= -p "$pid" 2>/dev/null)" == *.xctest* ]] && echo "$pid"
    done | head -n 1)
    if (( stalls >= 3 )) || [[ -z "$xctest" ]]; then
        echo "run-tests: giving up; ending the test run"
        kill -KILL $(descendants "$runner") "$runner" 2>/dev/null
        break
    fi
    waited_on=$(descendants "$xctest")
    echo "run-tests: killing what the tests wait on:" $waited_on
    [[ -n "$waited_on" ]] && kill -KILL $waited_on 2>/dev/null
    touch "$log"
done

wait "$runner"
status=$?
wait "$printer" 2>/dev/null
(( stalls > 0 )) && status=1
exit "$status"
