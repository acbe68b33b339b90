# Median wall-clock time of one solve against the optimal solution length,
# one line per algorithm; see by-length.gp for what it expects.
load scripts.'common.gp'
what = 'median wall time per solve'
set ylabel 'wall time per solve (log scale)'
set format y '%.0s %cs'
load scripts.'by-length.gp'
load scripts.'svg.gp'
