# Anytime profiles: for each series with anytime answers (DIR/anytime.csv),
# the mean quality (answer length / optimal length) of the last answer each
# solve had found by a moment, against the time since the solve began (log
# scale), a stepped line. Dotted while some solves have no answer yet (the
# mean over those that have one: it may rise when a hard instance's first
# answer comes), solid once every solve has one; each line goes on to the
# series' slowest solve.
#
# Expects, besides what common.gp does:
#   datafile   one block (index) a series; columns: time_s quality answered
#              solves
#   blk, blk_lt  arrays: the blocks to draw and their linetypes
#   name       array: the legend, a name a block
#   xlo, xhi   the first answer and the slowest solve (s)
#   qlo, qhi   the y range
load scripts.'common.gp'
set title sprintf("%s: anytime profiles, answer quality against time\n%s", dataset, subtitle)
set xlabel 'time since the solve began (log scale)'
set ylabel 'quality: answer length / optimal length, the mean over the solves'
set logscale x
set mxtics 10
set format x '%.0s %cs'
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
set arrow 5 from graph 0, first 1 to graph 1, first 1 nohead dt 3 lw 1 lc rgb '#777777' back
plot for [k=1:|blk|] datafile index blk[k] using (pos($1)):2 \
		with steps lt blk_lt[k] dt 3 lw 1.5 notitle, \
	for [k=1:|blk|] datafile index blk[k] using (pos($1)):($3 >= $4 ? $2 : NaN) \
		with steps lt blk_lt[k] dt 1 lw 2.5 notitle, \
	for [k=1:|name|] keyentry with lines lt blk_lt[k] dt 1 lw 2.5 title name[k], \
	keyentry with lines dt 3 lw 1.5 lc rgb '#777777' \
		title 'dotted: before every solve has an answer (the mean over those answered)'
load scripts.'svg.gp'
