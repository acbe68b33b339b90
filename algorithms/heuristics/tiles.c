/* Manhattan distance and linear conflicts (see tiles.h): their tables,
 * their values from scratch, and the parts a search keeps. */
#include "heuristic.h"

#include <stdlib.h>
#include <string.h>

/* A table of conflicts per line for lines whose tiles pack into this many
 * bits (16^4 bytes: lines of four cells of four bits); longer lines count
 * them each time. */
#define TABLE_KEY_BITS 16

pb_status pb_heur_manhattan_init(pb_heur *h, const pb_config *cfg, pb_search *s)
{
	const pb_domain *d = h->d;
	int w = d->width;

	(void)cfg, (void)s;
	for (int c = 0; c < d->cells; c++) {
		int t = d->goal_label[c];

		if (!t)
			continue;
		for (int x = 0; x < d->cells; x++)
			h->md[t][x] = (uint8_t)(abs(x / w - c / w) + abs(x % w - c % w));
	}
	/* the distances' changes by each move of the blank */
	for (int c = 0; c < d->cells; c++) {
		for (int m = 0; m < PB_SLIDE_MOVES && m < d->nmoves; m++) {
			int to = d->next_class[c][m];

			for (int t = 0; to >= 0 && t < d->cells; t++)
				PB_WITH_KERNEL(d, h->md_delta[pb_heur_delta_at(K, (unsigned)t, c, m)] =
							  (int8_t)(h->md[t][c] - h->md[t][to]));
		}
	}
	return PB_SOLVED;
}

/* The length of the longest increasing run (not necessarily contiguous)
 * of SEQ[0..n). */
static unsigned longest_increasing(const uint8_t *seq, int n)
{
	uint8_t best[PB_MAX_CELLS];
	unsigned longest = 0;

	for (int i = 0; i < n; i++) {
		best[i] = 1;
		for (int j = 0; j < i; j++)
			if (seq[j] < seq[i] && best[j] + 1 > best[i])
				best[i] = (uint8_t)(best[j] + 1);
		if (best[i] > longest)
			longest = best[i];
	}
	return longest;
}

unsigned pb_heur_count_conflicts(const pb_heur *h, int l, uint64_t key, int bits)
{
	int dir = l < h->d->height ? 0 : 1, n = 0;
	uint8_t seq[PB_MAX_CELLS];

	for (int j = 0; j < h->line_len[l]; j++) {
		unsigned t = (unsigned)(key >> (bits * j)) & ((1u << bits) - 1);

		/* values past the tiles come up only in keys no state has, as a
		 * table is filled */
		if (t && t < (unsigned)h->d->cells && h->goal_line[t][dir] == l)
			seq[n++] = h->goal_place[t][dir];
	}
	return (unsigned)n - longest_increasing(seq, n);
}

static pb_status conflicts_init(pb_heur *h, const pb_config *cfg, pb_search *s)
{
	const pb_domain *d = h->d;
	int w = d->width, rows = d->height, bits = 0;
	pb_cells field = 0;

	pb_heur_manhattan_init(h, cfg, s);
	PB_WITH_KERNEL(d, bits = pb_kernel_bits(K));
	field = ((pb_cells)1 << bits) - 1;
	h->nlines = rows + w;
	for (int c = 0; c < d->cells; c++) {
		int row = c / w, col = c % w;
		unsigned t = d->goal_label[c];

		h->line_of[c][0] = (uint8_t)row;
		h->line_of[c][1] = (uint8_t)(rows + col);
		h->line_mask[row] |= field << (bits * c);
		h->line_mask[rows + col] |= field << (bits * c);
		h->line_len[row]++;
		h->line_len[rows + col]++;
		if (t) {
			h->goal_line[t][0] = (uint8_t)row;
			h->goal_line[t][1] = (uint8_t)(rows + col);
			h->goal_place[t][0] = (uint8_t)col;
			h->goal_place[t][1] = (uint8_t)row;
		}
	}
	for (int l = 0; l < h->nlines; l++) {
		uint32_t keys;

		if (bits * h->line_len[l] > TABLE_KEY_BITS)
			continue;
		keys = 1u << (bits * h->line_len[l]);
		h->conflicts[l] = pb_alloc(&s->meter, keys);
		if (!h->conflicts[l])
			return pb_search_alloc_failed(s);
		for (uint32_t key = 0; key < keys; key++)
			h->conflicts[l][key] = (uint8_t)pb_heur_count_conflicts(h, l, key, bits);
	}
	return PB_SOLVED;
}

static void conflicts_release(pb_heur *h)
{
	for (int l = 0; l < PB_MAX_LINES; l++) {
		pb_free(h->conflicts[l]);
		h->conflicts[l] = NULL;
	}
}

void pb_heur_parts_init(const pb_heur *h, pb_cells cells, pb_heur_parts *p)
{
	PB_WITH_KERNEL(h->d, pb_heur_parts_fill(h, K, cells, p));
}

unsigned pb_heur_tiles_value(const pb_heur *h, const pb_state *s)
{
	pb_heur_parts p;

	pb_heur_parts_init(h, s->cells, &p);
	return pb_heur_parts_value(&p, h->info->kind);
}

const pb_heuristic_ops pb_heur_manhattan_ops = {
	.refusal = "serves sliding tiles only",
	.init = pb_heur_manhattan_init,
	.value = pb_heur_tiles_value,
	.parity = true,
};

const pb_heuristic_ops pb_heur_linear_conflict_ops = {
	.refusal = "serves sliding tiles only",
	.init = conflicts_init,
	.release = conflicts_release,
	.value = pb_heur_tiles_value,
	.parity = true,
};
