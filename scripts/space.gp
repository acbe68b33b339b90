# The states at each distance from the goal of a whole state space
# (bench space), on a logarithmic axis.
#
# Expects, besides what common.gp does:
#   spacefile  one row per distance; columns: distance, states
#   total      the states of the space
load scripts.'common.gp'
subtitle = 'every state, by a breadth-first search back from the goal (bench space)'
set title sprintf("%s: states at each distance from the goal (%.0f in all)\n%s", dataset, total, subtitle)
set xlabel 'distance from the goal (moves)'
set ylabel 'states (log scale)'
set logscale y
set format y '%.0e'
set xtics 5
set xrange [-1:*]
set yrange [0.5:*]
set mxtics 5
unset key
set boxwidth 0.8
set style fill solid 0.5 border
plot spacefile using 1:(pos($2)) with boxes lc 1
load scripts.'svg.gp'
