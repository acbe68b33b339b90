# Median wall-clock time of one solve against the optimal solution length,
# one line per algorithm; see by-length.gp for what it expects.
load scripts.'common.gp'
what = 'median wall time per solve'
set ylabel 'wall time per solve (log scale)'
yformat = '%.0s %cs'
set format y yformat
zero_label = '0 s'
zero_what = 'no time measured'
load scripts.'by-length.gp'
load scripts.'svg.gp'
