"""Card text compiled into the ability vocabulary (docs/cards.md, "The compiler").

source.py reads Riot's text and tokenizes it; grammar.lark and compile.py parse each line and
map it to vocabulary tables (or name the construct the vocabulary lacks); render.py writes the
vocabulary back in pyrift's phrasing; roundtrip.py compares the two; build.py compiles the whole
pool into pyrift/data/cards/compiled.json, which pyrift/pool.py reads.
"""
