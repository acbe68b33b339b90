# Linetype N is the Nth algorithm of the run, so an algorithm keeps its
# colour on every chart. Colours: Okabe and Ito's palette for colour-blind
# readers ("Color Universal Design", 2008), black and grey, then four of
# Paul Tol's ("muted" scheme) for runs with more algorithms. Point
# sizes are scaled by pscale (svg.gp makes them smaller: the SVG terminal
# draws points larger than pngcairo).
set linetype 1 lc rgb '#0072B2' lw 2 pt 7 ps 1.0 * pscale
set linetype 2 lc rgb '#D55E00' lw 2 pt 5 ps 1.0 * pscale
set linetype 3 lc rgb '#009E73' lw 2 pt 9 ps 1.3 * pscale
set linetype 4 lc rgb '#CC79A7' lw 2 pt 11 ps 1.3 * pscale
set linetype 5 lc rgb '#E69F00' lw 2 pt 13 ps 1.3 * pscale
set linetype 6 lc rgb '#56B4E9' lw 2 pt 7 ps 1.0 * pscale
set linetype 7 lc rgb '#000000' lw 2 pt 5 ps 1.0 * pscale
set linetype 8 lc rgb '#888888' lw 2 pt 9 ps 1.3 * pscale
set linetype 9 lc rgb '#882255' lw 2 pt 11 ps 1.3 * pscale
set linetype 10 lc rgb '#44AA99' lw 2 pt 13 ps 1.3 * pscale
set linetype 11 lc rgb '#332288' lw 2 pt 5 ps 1.0 * pscale
set linetype 12 lc rgb '#999933' lw 2 pt 9 ps 1.3 * pscale
set linetype cycle 12
