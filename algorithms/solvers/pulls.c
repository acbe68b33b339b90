#include "pulls.h"

int pb_pulls(const pb_domain *d, pb_meter *meter, pb_pull **out)
{
	int lasts = d->nmoves + 1, n = 0;
	size_t most = (size_t)d->nclasses * (size_t)d->nmoves * (size_t)lasts;
	bool pulled[PB_MAX_CLASSES * (PB_MAX_MOVES + 1)] = { false };
	pb_pull *pulls = pb_alloc(meter, (most ? most : 1) * sizeof(*pulls));

	*out = pulls;
	if (!pulls)
		return -1;
	for (int to = 0; to < d->nclasses; to++) {
		for (int m = 0; m < d->nmoves; m++) {
			int b = d->prev_class[to][m], first = n;

			for (int last = 0; b >= 0 && last < lasts; last++) {
				int k = pb_bucket(d, b, last);

				if (!(d->tried_after[b][last] & (1u << m)))
					continue;
				pulls[n++] = (pb_pull){
					.from = (uint16_t)k, .into = (uint16_t)pb_bucket(d, to, m),
					.from_class = (uint8_t)b, .to = (uint8_t)to, .move = (uint8_t)m,
					.first_from = !pulled[k],
				};
				pulled[k] = true;
			}
			if (n > first)
				pulls[n - 1].last_into = true;
		}
	}
	return n;
}
