# Median peak bytes a solver held during one solve (the counting
# allocator's peak) against the optimal solution length; see by-length.gp.
load scripts.'common.gp'
what = 'median peak memory per solve'
set ylabel 'peak bytes held during a solve (log scale, SI prefixes)'
set format y '%.0s %cB'
load scripts.'by-length.gp'
load scripts.'svg.gp'
