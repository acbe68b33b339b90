# Tics of a logarithmic axis of bytes, from y_from to y_to (log-range.gp),
# in binary units as the tables write them (1 KiB = 1024 B, 1 MiB = 1024
# KiB): at powers of two, every 1, 2, 5 or 10 of them so that about eight
# show, labelled '4 KiB', '1 MiB'.
k0 = floor(log(y_from) / log(2))
k1 = ceil(log(y_to) / log(2))
kstep = (k1 - k0 <= 8 ? 1 : k1 - k0 <= 16 ? 2 : k1 - k0 <= 40 ? 5 : 10)
k0 = kstep * floor(k0 * 1.0 / kstep)
bunit(k) = (k < 10 ? 'B' : k < 20 ? 'KiB' : k < 30 ? 'MiB' : k < 40 ? 'GiB' : 'TiB')
bvalue(k) = 2**(k - 10 * floor(k < 0 ? 0 : (k < 40 ? k : 40) / 10))
set ytics ()
set mytics default
do for [k=k0:k1:kstep] {
	if (k >= 0 && 2.0**k >= y_from && 2.0**k <= y_to) {
		set ytics add (sprintf('%d %s', bvalue(k), bunit(k)) 2.0**k)
	}
}
