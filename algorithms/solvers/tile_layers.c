#include "tile_layers.h"

int pb_tile_pulls(const pb_domain *d, pb_tile_pull *pulls)
{
	bool pulled[PB_MAX_CELLS * PB_TILE_LASTS] = { false };
	int n = 0;

	for (int to = 0; to < d->cells; to++) {
		for (int m = 0; m < PB_MAX_MOVES; m++) {
			int b = d->next_cell[to][d->inverse[m]], first = n;

			for (int last = 0; b >= 0 && last < PB_TILE_LASTS; last++) {
				int k = pb_tile_bucket(b, last);

				if (last < PB_MAX_MOVES && d->inverse[last] == m)
					continue;
				pulls[n++] = (pb_tile_pull){
					.from = (uint8_t)k, .into = (uint8_t)pb_tile_bucket(to, m),
					.to = (uint8_t)to, .move = (uint8_t)m, .first_from = !pulled[k],
				};
				pulled[k] = true;
			}
			if (n > first)
				pulls[n - 1].last_into = true;
		}
	}
	return n;
}
