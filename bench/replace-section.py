"""Puts a section of bench/results.md in place: replaces the text between
<!-- NAME --> and <!-- /NAME --> with SECTION (which holds both markers), or
appends it. Used by the scripts that write their own section (ocr.sh, shared-add.sh).

    python3 bench/replace-section.py NAME RESULTS SECTION
"""
import re
import sys

name, path, section = sys.argv[1], sys.argv[2], sys.argv[3]
try:
    text = open(path).read()
except FileNotFoundError:
    text = ""
if f"<!-- {name} -->" in text:
    text = re.sub(rf"<!-- {re.escape(name)} -->.*?<!-- /{re.escape(name)} -->", lambda _: section, text, flags=re.S)
else:
    text = text.rstrip("\n") + "\n\n" + section + "\n"
open(path, "w").write(text)
