# Median number of nodes expanded (states whose successors were generated)
# against the optimal solution length; see by-length.gp.
load scripts.'common.gp'
what = 'median nodes expanded per solve'
set ylabel 'nodes expanded per solve (log scale)'
yformat = '%.0s%c'
set format y yformat
zero_label = '0'
zero_what = 'no node expanded'
load scripts.'by-length.gp'
load scripts.'svg.gp'
