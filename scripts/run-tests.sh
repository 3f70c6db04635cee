#!/usr/bin/env bash
# Runs the test command given as arguments, with these guards for CI:
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
# - Nothing left behind. The run gets a temporary folder of its own (TMPDIR,
#   ibook-run.XXXXXX in the temporary folder) and a tag in its environment
#   (IBOOK_TEST_RUN). Afterwards — passed, failed, or ended by the watchdog or
#   a signal — every process of the run still there (one that carries the
#   tag, names the run's folder on its command line — PostgreSQL rewrites its
#   environment but not its -D — or is still in the run's session, and what
#   those started: a PostgreSQL server, cupsd, a tmux server, Xvfb), every
#   file system mounted in the run's folder and every ibook-* folder left in
#   it is named, then stopped, unmounted or removed, and the run fails.
#   Processes that were running before the run began are never counted.
#   ibook-* folders that appear meanwhile in the system's temporary folder are
#   named too but do not fail the run: they are not this run's (another run on
#   the same machine makes them; this run's go in its own folder).
# - The run's wall time, at the end.
set -uo pipefail

stall=${IBOOK_TEST_STALL:-600}
started=$(date +%s)
system_tmp=${TMPDIR:-/tmp}
system_tmp=${system_tmp%/}
run_tmp=$(mktemp -d "${system_tmp:-/tmp}/ibook-run.XXXXXX") || { echo "run-tests: cannot make a temporary folder" >&2; exit 1; }
# Like /tmp: the postgres and lp users reach their folders in it.
chmod 1777 "$run_tmp"
tag="$$.$started.$RANDOM"
# The tag is given to the run only, not exported to this script's own commands.
run_tags="${IBOOK_TEST_RUN:+$IBOOK_TEST_RUN }$tag"
log=$(mktemp)

# Sets `fields` to /proc/PID/stat after the command's name: [0] state, [1] parent,
# [3] session, [19] start time. With builtins only (no process of this script's is
# looked at while it runs); fails when the process is gone.
stat_fields() {
    local stat
    { read -r stat < "/proc/$1/stat"; } 2>/dev/null || return 1
    fields=(${stat##*) })
}

# What was running before the run began, by pid and start time (a pid alone may be reused).
declare -A before=()
for dir in /proc/[0-9]*; do
    pid=${dir#/proc/}
    stat_fields "$pid" && before[$pid]=${fields[19]}
done
shopt -s nullglob
declare -A tmp_before=()
for entry in "$system_tmp"/ibook-*; do tmp_before[$entry]=1; done
shopt -u nullglob

env IBOOK_TEST_RUN="$run_tags" TMPDIR="$run_tmp" setsid --wait stdbuf -oL -eL "$@" > "$log" 2>&1 < /dev/null &
runner=$!
tail -n +1 -f --pid="$runner" "$log" &
printer=$!
# The run's session: setsid makes the runner its leader (it is no group leader, so it does not fork).
session=$runner

descendants() {
    local children
    children=$(pgrep -P "$1" || true)
    for child in $children; do
        echo "$child"
        descendants "$child"
    done
}

# This script and those it runs under: never the run's.
declare -A ancestors=()
ancestor=$$
while [[ -n "$ancestor" && "$ancestor" != 0 ]] && stat_fields "$ancestor"; do
    ancestors[$ancestor]=1
    ancestor=${fields[1]}
done

# The processes of the run still there: tagged, naming the run's folder, or in its session,
# and their descendants; none that ran before the run began. Read with builtins only, so
# this script's own commands are not looked at while they run.
left_processes() {
    local dir pid fields environment arguments word found=()
    for dir in /proc/[0-9]*; do
        pid=${dir#/proc/}
        [[ -n "${ancestors[$pid]:-}" || $pid == "$printer" ]] && continue
        stat_fields "$pid" || continue
        [[ "${before[$pid]:-}" == "${fields[19]}" ]] && continue
        # A zombie is gone but for its parent's wait.
        [[ ${fields[0]} == Z ]] && continue
        if [[ ${fields[3]} == "$session" ]]; then found+=("$pid"); continue; fi
        { mapfile -d '' arguments < "/proc/$pid/cmdline"; } 2>/dev/null || continue
        if [[ "${arguments[*]}" == *"$run_tmp"* ]]; then found+=("$pid"); continue; fi
        { mapfile -d '' environment < "/proc/$pid/environ"; } 2>/dev/null || continue
        for word in "${environment[@]}"; do
            if [[ $word == IBOOK_TEST_RUN=* && " ${word#IBOOK_TEST_RUN=} " == *" $tag "* ]]; then
                found+=("$pid")
                break
            fi
        done
    done
    local all=("${found[@]}")
    for pid in "${found[@]}"; do all+=($(descendants "$pid")); done
    printf '%s\n' "${all[@]}" | sort -un | while read -r pid; do
        [[ -n "$pid" && -d /proc/$pid && -z "${ancestors[$pid]:-}" ]] && echo "$pid"
    done
}

left_mounts() {
    awk -v prefix="$run_tmp/" 'index($2, prefix) == 1 { print $2 }' /proc/mounts | sort -r
}

left_folders() {
    find "$run_tmp" -mindepth 1 -maxdepth 1 -name 'ibook-*' 2>/dev/null | sort
}

# Names what the run left, then stops, unmounts and removes it; 1 when there was anything.
sweep() {
    local processes mounts folders deadline
    # A process may be on its way out (a tmux server told to stop): a few seconds to go.
    deadline=$(( $(date +%s) + 5 ))
    while processes=$(left_processes); [[ -n "$processes" ]] && (( $(date +%s) < deadline )); do
        sleep 0.2
    done
    mounts=$(left_mounts)
    folders=$(left_folders)
    [[ -z "$processes$mounts$folders" ]] && return 0
    echo "run-tests: FAILED: the run left behind:"
    for pid in $processes; do
        echo "  process $(ps -o pid=,user=,args= -p "$pid" 2>/dev/null | cut -c1-300)"
    done
    for mount in $mounts; do echo "  mounted file system $mount"; done
    for folder in $folders; do echo "  folder $folder"; done
    if [[ -n "$processes" ]]; then
        kill -TERM $processes 2>/dev/null
        deadline=$(( $(date +%s) + 10 ))
        while (( $(date +%s) < deadline )) && ps -p "$(echo $processes | tr ' ' ',')" >/dev/null 2>&1; do sleep 0.2; done
        kill -KILL $processes 2>/dev/null
        processes=$(left_processes)
        [[ -n "$processes" ]] && kill -KILL $processes 2>/dev/null
    fi
    for mount in $mounts; do umount -l "$mount" 2>/dev/null; done
    echo "run-tests: stopped and removed what was left"
    return 1
}

finish() {
    local status=$1
    sweep || status=1
    rm -rf "$run_tmp" "$log"
    shopt -s nullglob
    local appeared=()
    for entry in "$system_tmp"/ibook-*; do
        [[ -z "${tmp_before[$entry]:-}" && "$entry" != "$run_tmp" ]] && appeared+=("$entry")
    done
    shopt -u nullglob
    if (( ${#appeared[@]} > 0 )); then
        echo "run-tests: note: appeared in $system_tmp meanwhile, not in this run's folder (so not counted): ${appeared[*]}"
    fi
    local took=$(( $(date +%s) - started ))
    echo "run-tests: wall time $((took / 60)) min $((took % 60)) s; $([[ $status == 0 ]] && echo passed || echo "FAILED (status $status)")"
    exit "$status"
}

interrupted() {
    echo "run-tests: interrupted; ending the test run"
    kill -KILL $(descendants "$runner") "$runner" 2>/dev/null
    wait "$runner" 2>/dev/null
    kill "$printer" 2>/dev/null
    finish 1
}
trap interrupted INT TERM HUP

stalls=0
while kill -0 "$runner" 2>/dev/null; do
    sleep 1
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
finish "$status"
