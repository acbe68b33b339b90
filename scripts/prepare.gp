# Preparation against per-query cost: the total time to answer q queries,
# preparation (a table or pattern-database build) + q × the mean time per
# query, for every solver on the dataset, on log-log axes. A prepared
# solver starts higher and rises slower; where its line crosses another's
# (a circle in the colour of the solver it overtakes, labelled with the
# number of queries), the preparation has paid off.
#
# Expects, besides what common.gp does:
#   name, prep, query, series_lt, series_dash  arrays, one entry per solver:
#                the legend, the preparation (s; 0 for none), the mean time
#                per query (s), linetype, dash type (1 prepared, 2 not)
#   beven        '' or a file of break-even points; columns: queries total_s
#                linetype (of the solver overtaken) label label_y (where the
#                label goes: above or below the point, alternately)
#   qmax         the largest number of queries shown
#   common       how many instances the means are over (all solved them)
#   ylo, yhi     the smallest and largest total time shown (s)
load scripts.'common.gp'
set title sprintf("%s: after how many queries does a preparation pay off?\n%s\n" . \
	"time per query: the mean over the %d %s that every solver solved", dataset, subtitle, \
	common, common == 1 ? 'instance' : 'instances')
set xlabel 'queries answered (log scale)'
set ylabel 'total time: preparation + queries × mean time per query (log scale)'
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
set key below left vertical Left reverse maxrows 8
# (a macro: gnuplot reads a file named in a plot even for an empty loop)
be_plot = beven eq '' ? "" : \
	", beven using 1:2:3 with points pt 6 ps 2.2 * pscale lw 2 lc variable notitle" . \
	", beven using 1:5:4 with labels tc rgb '#333333' notitle" . \
	", keyentry with points pt 6 ps 2.2 * pscale lw 2 lc rgb '#333333'" . \
	" title 'break-even: from this many queries on, the prepared solver is ahead of the solver of that colour'"
plot for [k=1:|name|] prep[k] + x * query[k] \
		with lines lt series_lt[k] dt series_dash[k] title name[k] @be_plot
load scripts.'svg.gp'
