# A heuristic against the true distance (bench analyze): a heat map of the
# states (or instances) at each (h*, h), the colour on a logarithmic scale,
# and the line h = h* that an admissible heuristic never passes.
#
# Expects, besides what common.gp does:
#   heatfile   one row per cell; columns: h*, h, states
#   heuristic  its name
#   what       what was counted ("every state (181440)")
#   hstar_max, h_max  the largest h* and h
load scripts.'common.gp'
set title sprintf("%s, %s: h against the true distance h*\n%s", dataset, heuristic, what)
set xlabel 'true distance h* (moves)'
set ylabel sprintf('h (%s)', heuristic)
set cblabel 'states (log scale)' offset 2,0
set logscale cb
set format cb '%.0e'
# viridis, after Smith and van der Walt (matplotlib, 2015): light is many
set palette defined (0 '#440154', 1 '#3b528b', 2 '#21918c', 3 '#5ec962', 4 '#fde725')
top = hstar_max > h_max ? hstar_max : h_max
set xrange [-0.5:top + 0.5]
set yrange [-0.5:top + 0.5]
set size ratio -1
set xtics 5
set ytics 5
set grid front
set key inside top left
plot heatfile using 1:2:(0.5):(0.5):3 with boxxyerror fs solid 1.0 noborder lc palette notitle, \
     x with lines lc rgb '#000000' dt 2 lw 1.5 title 'h = h*'
load scripts.'svg.gp'
