# Box plot of the wall time of every solved run, one box per algorithm.
# The statistics are computed by bench plot; this draws them.
#
# Expects, besides what common.gp does:
#   boxfile  one row per algorithm; columns: position min q1 median q3 max
#            (seconds), linetype, runs, instances solved, name (with a
#            second line saying how many it solved, when not all)
#   nbox     how many rows
#   ticklines  lines in the longest name (2 when it says how many of the
#            dataset's instances the algorithm solved)
#   ylo, yhi the fastest and the slowest run (s, for log-range.gp)
#   floor_line, floor_label  the timing floor's line (floor.gp; 0: none)
#   trip_line, trip_label    the round trip's line, under outside programs (floor.gp)
load scripts.'common.gp'
set title sprintf("%s: wall time per solve, every solved run\n%s", dataset, subtitle)
set xlabel 'algorithm   (box: first to third quartile; bar: median; whiskers: fastest and slowest run)' \
	offset 0, -(ticklines - 1)
set ylabel 'wall time per solve (log scale)'
set format y '%.0s %cs'
set logscale y
set mytics 10
load scripts.'log-range.gp'
# room above the slowest run for its two lines of counts
y_to = y_to * 4
set yrange [y_from:y_to]
load scripts.'floor.gp'
set grid noxtics
set xrange [0.4:nbox + 0.6]
set xtics scale 0
if (nbox > 6) { set xtics rotate by -30 }
# no legend but the timing floor's
if (floor_key eq '') { unset key } else { set key top left inside Left reverse opaque }
set boxwidth 0.5
set style fill transparent solid 0.3 border
plot boxfile using 1:3:2:6:5:7:xticlabels(10) \
		with candlesticks whiskerbars 0.5 lc variable lw 1.5, \
	'' using 1:4:4:4:4:7 with candlesticks lc variable lw 3, \
	'' using 1:6:(sprintf("%d instances\n%d runs", $9, $8)) with labels offset 0, 1.8 \
		tc rgb '#555555' \
	@floor_key
load scripts.'svg.gp'
