# Preparation against per-query cost: the total time to answer q queries,
# preparation (a table or pattern-database build) + q × the median time per
# query (over the instances every solver solved: the statistic of the
# summary table's 'x best'), for every solver on the dataset, on log-log
# axes. Drawn only where a solver has a preparation. A prepared
# solver starts higher and rises slower; where its line crosses another's
# (a circle in the colour of the solver it overtakes, labelled with the
# number of queries), the preparation has paid off.
#
# Expects, besides what common.gp does:
#   name, prep, query, series_lt, series_dash  arrays, one entry per solver:
#                the legend, the preparation (s; 0 for none), the median
#                time per query (s), linetype, dash type (1 prepared, 2 not)
#   beven        '' or a file of break-even points; columns: queries total_s
#                linetype (of the solver overtaken) label label_y (where the
#                label goes: above or below the point, alternately)
#   qmax         the largest number of queries shown
#   common       how many instances the medians are over (all solved them)
#   ylo, yhi     the smallest and largest total time shown (s)
load scripts.'common.gp'
set title sprintf("%s: after how many queries does a preparation pay off?\n%s\n" . \
	"time per query: the median over the %d %s that every solver solved (as the table's x best)%s", \
	dataset, subtitle, common, common == 1 ? 'instance' : 'instances', \
	beven eq '' ? '' : "\na circle: from this many queries on, the solid (prepared) line is under the line of its colour")
set xlabel 'queries answered (log scale)'
set ylabel 'total time: preparation + queries × median time per query (log scale)'
set logscale xy
set mxtics 10
set xrange [1:qmax]
set format x '%.0s%c'
k0 = floor(log10(ylo))
k1 = ceil(log10(yhi))
set yrange [10.0**k0:10.0**k1]
set ytics (seconds(k0) 10.0**k0)
do for [k=k0 + 1:k1] { set ytics add (seconds(k) 10.0**k) }
set samples 400
set key below left horizontal Left reverse
# (a macro: gnuplot reads a file named in a plot even for an empty loop)
be_plot = beven eq '' ? "" : \
	", beven using 1:2:3 with points pt 6 ps 2.2 * pscale lw 2 lc variable notitle" . \
	", beven using 1:5:4 with labels tc rgb '#333333' notitle"
plot for [k=1:|name|] prep[k] + x * query[k] \
		with lines lt series_lt[k] dt series_dash[k] title name[k] @be_plot
load scripts.'svg.gp'
