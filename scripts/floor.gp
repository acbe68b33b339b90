# The harness's timing floor on a time chart: a dashed line at floor_line
# (seconds; 0 for none: the floor is not recorded, or this is not a time
# chart), and floor_key, its legend (floor_label and a line saying what it
# means) to add to the plot command as a macro (@floor_key; '' when no line
# is drawn). A median under the line measures the clock and the harness as
# much as the solver. Load it after log-range.gp: the line is drawn only
# inside the y range.
floor_key = ''
if (floor_line > 0 && floor_line > y_from && floor_line < y_to) {
	set arrow 2 from graph 0, first floor_line to graph 1, first floor_line \
		nohead dt 2 lw 1.5 lc rgb '#B00000' front
	floor_key = ", keyentry with lines dt 2 lw 1.5 lc rgb '#B00000' title floor_label" . \
		", keyentry with lines lc rgb 'white' title '  a median under them is mostly the clock'"
}
