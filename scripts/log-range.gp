# The y range of a logarithmic axis for data from ylo to yhi (both > 0):
# a margin of half as much again at each end, so that no point sits on an
# axis, unless fewer than two decades (labelled tics) would then show; the
# range then widens to whole decades, as gnuplot's autoscaling would.
y_from = ylo / 1.5
y_to = yhi * 1.5
if (floor(log10(y_to)) - ceil(log10(y_from)) < 1) {
	y_from = 10.0**floor(log10(y_from))
	y_to = 10.0**ceil(log10(y_to))
}
set yrange [y_from:y_to]
