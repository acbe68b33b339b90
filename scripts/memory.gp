# Median peak bytes a solver held during one solve (the counting
# allocator's peak) against the optimal solution length; see by-length.gp.
load scripts.'common.gp'
what = 'median peak memory per solve'
set ylabel 'peak bytes held during a solve (log scale; 1 KiB = 1024 B)'
bytes_axis = 1
zero_label = '0 B'
zero_what = 'no bytes held during a solve'
load scripts.'by-length.gp'
load scripts.'svg.gp'
