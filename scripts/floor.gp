# The harness's timing floors on a time chart: a dashed line at floor_line
# (seconds; 0 for none: the floor is not recorded, no series stands on it,
# or this is not a time chart), a dash-dotted one at trip_line (the round trip to
# a long-lived outside program, under that program's times; 0 for none),
# and floor_key, their legend (floor_label, trip_label and a line saying
# what they mean) to add to the plot command as a macro (@floor_key; ''
# when no line is drawn). A median under its line measures the clock and
# the harness as much as the solver. Load it after log-range.gp: a line is
# drawn only inside the y range. With floor_vertical 1 (time across, as in
# quality.gp) the lines go up, inside x_from to x_to.
floor_key = ''
if (!exists("trip_line")) { trip_line = 0 }
if (!exists("floor_vertical")) { floor_vertical = 0 }
floor_lo = floor_vertical ? x_from : y_from
floor_hi = floor_vertical ? x_to : y_to
if (floor_line > 0 && floor_line > floor_lo && floor_line < floor_hi) {
	if (floor_vertical) {
		set arrow 2 from first floor_line, graph 0 to first floor_line, graph 1 \
			nohead dt 2 lw 1.5 lc rgb '#B00000' front
	} else {
		set arrow 2 from graph 0, first floor_line to graph 1, first floor_line \
			nohead dt 2 lw 1.5 lc rgb '#B00000' front
	}
	floor_key = ", keyentry with lines dt 2 lw 1.5 lc rgb '#B00000' title floor_label"
}
if (trip_line > 0 && trip_line > floor_lo && trip_line < floor_hi) {
	if (floor_vertical) {
		set arrow 4 from first trip_line, graph 0 to first trip_line, graph 1 \
			nohead dt 4 lw 1.5 lc rgb '#6000A0' front
	} else {
		set arrow 4 from graph 0, first trip_line to graph 1, first trip_line \
			nohead dt 4 lw 1.5 lc rgb '#6000A0' front
	}
	floor_key = floor_key . ", keyentry with lines dt 4 lw 1.5 lc rgb '#6000A0' title trip_label"
}
if (floor_key ne '') {
	floor_key = floor_key . \
		", keyentry with lines lc rgb 'white' title '  a median " . \
		(floor_vertical ? "left of" : "under") . " them is mostly the clock'"
}
