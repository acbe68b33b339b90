# One metric against the optimal solution length: for each algorithm the
# median (a line) inside its interquartile band (translucent), on a
# logarithmic y axis. Instances with no solution sit in a column of their
# own at the right, marked 'unsolvable'. time.gp, memory.gp and nodes.gp set
# the labels and load this.
#
# Expects, besides what common.gp does:
#   what         the metric's name for the title
#   datafile     one block (index) per algorithm; columns: length count,
#                then median q1 q3 of each metric (bench plot --help)
#   col          the column of this metric's median (q1, q3 follow it)
#   blk, blk_lt  arrays: the blocks to draw and their linetypes
#   name, name_lt  arrays: the legend
#   unsfile      '' or a file with one row per algorithm, same metric
#                columns from 3 on, linetype in column 12
#   nslots, xunsolvable  how many rows unsfile has, and where they go
#   ylo, yhi     the smallest and largest value drawn (for log-range.gp)
#   floor_line, floor_label  the timing floor's line (floor.gp; 0: none)

set title sprintf("%s: %s by optimal solution length\n%s", dataset, what, subtitle)
set xlabel 'optimal solution length (moves)'
set logscale y
set mytics 10
load scripts.'log-range.gp'
load scripts.'floor.gp'
set autoscale xfix
set offsets 0.5, 0.5, 0, 0
set style fill transparent solid 0.15 noborder
has_uns = (unsfile ne '' ? 1 : 0)
if (has_uns) {
	set xtics add ('unsolvable' xunsolvable)
	set arrow 1 from xunsolvable - 1, graph 0 to xunsolvable - 1, graph 1 \
		nohead dt 3 lc rgb '#999999'
}
# Spread the unsolvable points a little so that none hides another.
uns_x(slot) = xunsolvable + 0.8 * (slot - (nslots - 1) / 2.0) / (nslots > 1 ? nslots - 1 : 1)
# (a macro: gnuplot reads a file named in a plot even for an empty loop)
uns_plot = has_uns ? "unsfile using (uns_x($1)):(pos(column(col))):(pos(column(col + 1)))" . \
	":(pos(column(col + 2))):12 with yerrorbars lc variable pt 7 ps 1.3 * pscale lw 2 notitle, " : ""

plot for [k=1:|blk|] datafile index blk[k] \
		using 1:(pos(column(col + 1))):(pos(column(col + 2))) \
		with filledcurves lt blk_lt[k] notitle, \
	for [k=1:|blk|] datafile index blk[k] using 1:(pos(column(col))) \
		with linespoints lt blk_lt[k] notitle, \
	@uns_plot \
	for [k=1:|name|] keyentry with linespoints lt name_lt[k] title name[k], \
	keyentry with filledcurves fc rgb '#b8b8b8' title 'band: first to third quartile' \
	@floor_key
