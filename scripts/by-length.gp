# One metric against the optimal solution length: for each algorithm the
# median (a line) inside its interquartile band (translucent), on a
# logarithmic y axis. Instances with no solution sit in a column of their
# own at the right, marked 'unsolvable'. A median of 0 (IDA* holds no
# memory during a solve) cannot sit on a logarithmic axis: it is drawn on
# a line of its own under the axis's break, labelled 0 (a series' line
# does not cross the break), and the series on it are named there. Above the plot, the instances at each length; by a
# point that stands on fewer (the others unsolved), 'solved/instances'.
# time.gp, memory.gp and nodes.gp set the labels and load this.
#
# Expects, besides what common.gp does:
#   what         the metric's name for the title
#   datafile     one block (index) per algorithm; columns: length
#                instances solved runs, then median q1 q3 of each metric
#                (bench plot --help)
#   col          the column of this metric's median (q1, q3 follow it)
#   blk, blk_lt  arrays: the blocks to draw and their linetypes
#   name, name_lt  arrays: the legend
#   unsfile      '' or a file with one row per algorithm, same columns
#                from 2 on, linetype in column 14
#   nslots, xunsolvable  how many rows unsfile has, and where they go
#   ylo, yhi     the smallest and largest positive value drawn (for
#                log-range.gp)
#   zero_names   the series with a median of 0 ('' for none)
#   zero_label, zero_what  the zero line's tic label and what it means
#   yformat      the y tics' format (gprintf's)
#   count_x, count_n  arrays: the instances at each length drawn
#   short_of     1 when a point stands on fewer instances than its length has
#   short_rest   what the instances a point misses are (unsolved, or answered wrongly)
#   bytes_axis   1: tics at powers of two in binary units (bytes.gp)
#   floor_line, floor_label  the timing floor's line (floor.gp; 0: none)
#   trip_line, trip_label    the round trip's line, under outside programs (floor.gp)

set title sprintf("%s: %s by optimal solution length\n%s\n", dataset, what, subtitle)
set xlabel 'optimal solution length (moves)'
set logscale y
set mytics 10
load scripts.'log-range.gp'
if (bytes_axis) { load scripts.'bytes.gp' }
load scripts.'floor.gp'
# The zero line: half a decade under the axis, past a dotted break.
zero_y = 0
if (zero_names ne '') {
	if (!bytes_axis) {
		# tics at the decades above the break only (gnuplot's own would go under it)
		set ytics ()
		do for [k=ceil(log10(y_from)):floor(log10(y_to))] {
			set ytics add (gprintf(yformat, 10.0**k) 10.0**k)
		}
	}
	zero_y = y_from / 10**0.75
	set yrange [zero_y / 10**0.25:y_to]
	set ytics add (zero_label zero_y)
	set arrow 3 from graph 0, first y_from / 10**0.375 to graph 1, first y_from / 10**0.375 \
		nohead dt 3 lc rgb '#999999'
	set label 3 sprintf('%s: %s (%s)', zero_label, zero_names, zero_what) \
		at graph 0.01, first zero_y offset 0, 0.9 left font ',10' tc rgb '#444444' front
}
ypos(v) = (v > 0 ? v : v == 0 && zero_y > 0 ? zero_y : NaN)
# a band's lower edge: its first quartile, or the axis where that is 0
band_lo(q1, med) = (q1 > 0 ? q1 : med > 0 ? y_from : ypos(q1))
set autoscale xfix
set offsets 0.5, 0.5, 0, 0
set style fill transparent solid 0.15 noborder
has_uns = (unsfile ne '' ? 1 : 0)
if (has_uns) {
	set xtics add ('unsolvable' xunsolvable)
	set arrow 1 from xunsolvable - 1, graph 0 to xunsolvable - 1, graph 1 \
		nohead dt 3 lc rgb '#999999'
}
# The instances at each length, above the plot.
set label 4 'instances:' at graph 0, graph 1 offset -1, 0.8 right font ',10' tc rgb '#666666'
do for [i=1:|count_x|] {
	set label sprintf('%d', count_n[i]) at first count_x[i], graph 1 offset 0, 0.8 center \
		font ',10' tc rgb '#666666'
}
# a point over fewer instances than its length has: 'solved/instances' by it
short_label(c) = (column(c + 1) < column(c) ? sprintf('%d/%d', column(c + 1), column(c)) : '')
# Spread the unsolvable points a little so that none hides another.
uns_x(slot) = xunsolvable + 0.8 * (slot - (nslots - 1) / 2.0) / (nslots > 1 ? nslots - 1 : 1)
# (a macro: gnuplot reads a file named in a plot even for an empty loop)
uns_plot = has_uns ? "unsfile using (uns_x($1)):(ypos(column(col))):(band_lo(column(col + 1), column(col)))" . \
	":(ypos(column(col + 2))):14 with yerrorbars lc variable pt 7 ps 1.3 * pscale lw 2 notitle, " . \
	"unsfile using (uns_x($1)):(ypos(column(col))):(short_label(2)) with labels offset 0, 1 " . \
	"font ',9' tc rgb '#444444' notitle, " : ""
if (!exists("short_rest")) { short_rest = 'unsolved' }
short_key = short_of ? "keyentry with points pt 0 title 'n/m by a point: over n of the m instances (the rest " . short_rest . ")', " : ""

plot for [k=1:|blk|] datafile index blk[k] \
		using 1:(band_lo(column(col + 1), column(col))):(ypos(column(col + 2))) \
		with filledcurves lt blk_lt[k] notitle, \
	for [k=1:|blk|] datafile index blk[k] using 1:(pos(column(col))) \
		with linespoints lt blk_lt[k] notitle, \
	for [k=1:|blk|] datafile index blk[k] using 1:(column(col) == 0 ? zero_y : NaN) \
		with linespoints lt blk_lt[k] notitle, \
	for [k=1:|blk|] datafile index blk[k] using 1:(ypos(column(col))):(short_label(2)) \
		with labels offset 0, 1 font ',9' tc lt blk_lt[k] notitle, \
	@uns_plot \
	for [k=1:|name|] keyentry with linespoints lt name_lt[k] title name[k], \
	@short_key \
	keyentry with filledcurves fc rgb '#b8b8b8' title 'band: first to third quartile' \
	@floor_key
