# Nodes IDA* expands: predicted by Korf, Reid and Edelkamp's formula
# against measured (bench analyze), both axes logarithmic; on the line
# y = x the prediction is exact.
#
# Expects, besides what common.gp does:
#   predfile   one row a point; columns: predicted, measured (idastar,
#              stopping at the goal; NaN: none), complete (the iterations
#              run to their ends; NaN: none), h*
#   heuristic  its name
#   what       what a point is
#   with_complete  1 where the complete counts were taken
#   sampled    1 where P came from a sample of states
#   thrfile    one row a threshold (--thresholds); columns: predicted,
#              measured (the means over the random starts), threshold
#   with_thresholds  1 where there are such rows; random: their starts
load scripts.'common.gp'
set title sprintf("%s, %s: IDA* nodes expanded, predicted against measured\n%s%s", \
                  dataset, heuristic, what, sampled ? ' (P from a sample)' : '')
set xlabel "predicted: E(N, d, P) at a threshold d, or its sum over a run's thresholds h, ..., h* (log scale)"
set ylabel 'measured (log scale)'
set logscale xy
set format x '%.0e'
set format y '%.0e'
set key inside top left
# measured counts are whole nodes: nothing below one is drawn
set yrange [0.5:*]
if (with_thresholds) {
    plot x with lines lc rgb '#000000' dt 2 lw 1.5 title 'measured = predicted', \
         predfile using (pos($1)):(pos($2)) with points lt 1 title 'a run of idastar (stops at the goal)', \
         predfile using (pos($1)):(with_complete ? pos($3) : NaN) with points lt 2 \
            title (with_complete ? 'the same run, every iteration to its end' : ''), \
         thrfile using (pos($1)):(pos($2)) with points lt 3 \
            title sprintf('one iteration at a threshold, run to its end: the mean of %d random starts', random)
} else {
    plot x with lines lc rgb '#000000' dt 2 lw 1.5 title 'measured = predicted', \
         predfile using (pos($1)):(pos($2)) with points lt 1 title 'a run of idastar (stops at the goal)', \
         predfile using (pos($1)):(with_complete ? pos($3) : NaN) with points lt 2 \
            title (with_complete ? 'the same run, every iteration to its end' : '')
}
load scripts.'svg.gp'
