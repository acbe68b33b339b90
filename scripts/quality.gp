# Answer quality against time: one point a series, its median wall time
# per solve across (log scale: the summary table's median), its quality up
# (the mean over the instances it answered of answer length / optimal
# length: 1 is optimal), labelled with its name. Lower and further left
# is better; a dotted line marks quality 1.
#
# Expects, besides what common.gp does:
#   datafile   one row a series; columns: median_s quality instances solved
#              linetype near_floor name
#   xlo, xhi   the fastest and the slowest median (s)
#   qlo, qhi   the y range
#   name, name_lt  arrays: the legend
#   floor_line, floor_label  the timing floor's line (floor.gp; 0: none)
#   trip_line, trip_label    the round trip's line, under outside programs (floor.gp)
load scripts.'common.gp'
set title sprintf("%s: answer quality against time, a point a series\n%s", dataset, subtitle)
set xlabel 'median wall time per solve (log scale)'
set ylabel 'quality: answer length / optimal length, the mean over the instances answered'
set logscale x
set mxtics 10
set format x '%.0s %cs'
# as log-range.gp does for y: half as much again at each end, at least two
# decades labelled
x_from = xlo / 1.5
x_to = xhi * 1.5
if (floor(log10(x_to)) - ceil(log10(x_from)) < 1) {
	x_from = 10.0**floor(log10(x_from))
	x_to = 10.0**ceil(log10(x_to))
}
set xrange [x_from:x_to]
set yrange [qlo:qhi]
# enough decimals that no two tics read alike
set format y (qhi - qlo < 0.1 ? '%.3f' : '%.2f')
floor_vertical = 1
load scripts.'floor.gp'
set arrow 5 from graph 0, first 1 to graph 1, first 1 nohead dt 3 lw 1 lc rgb '#777777' back
# a label right of its point in the left half, left of it in the right half
x_mid = sqrt(x_from * x_to)
plot datafile using 1:2:5 with points lc variable pt 7 ps 1.6 * pscale notitle, \
	datafile using 1:2:($1 < x_mid ? strcol(7) : '') with labels left offset 1, 0.6 \
		font ',10' tc rgb '#333333' notitle, \
	datafile using 1:2:($1 < x_mid ? '' : strcol(7)) with labels right offset -1, 0.6 \
		font ',10' tc rgb '#333333' notitle, \
	for [k=1:|name|] keyentry with points lt name_lt[k] pt 7 title name[k], \
	keyentry with lines dt 3 lw 1 lc rgb '#777777' title 'quality 1: every answer optimal' \
	@floor_key
load scripts.'svg.gp'
