#include "informed.h"

#include <string.h>

const char *pb_informed_supports(const pb_solver *self, const pb_domain *d, const pb_config *cfg, char *why,
				 size_t whylen)
{
	(void)self;
	return pb_heuristic_supports_config(d, cfg, why, whylen);
}

pb_status pb_informed_prepare(const pb_domain *d, const pb_config *cfg, pb_search *s,
			      size_t size, void **ctx)
{
	pb_informed *c;
	pb_status st;

	*ctx = NULL;
	if (pb_informed_supports(NULL, d, cfg, s->message, sizeof(s->message)))
		return PB_UNSUPPORTED;
	c = pb_alloc(&s->meter, size);
	if (!c)
		return pb_search_alloc_failed(s);
	memset(c, 0, size);
	c->d = d;
	st = pb_heur_init(&c->h, pb_heuristic_chosen(d, cfg), d, cfg, s);
	if (st != PB_SOLVED) {
		pb_free(c);
		return st;
	}
	*ctx = c;
	return PB_SOLVED;
}

void pb_informed_release(void *ctx)
{
	pb_informed *c = ctx;

	if (!c)
		return;
	pb_heur_release(&c->h);
	pb_free(c);
}

int pb_slide_offset(const pb_domain *d, int m)
{
	for (int c = 0; c < d->cells; c++)
		if (d->next_class[c][m] >= 0)
			return d->next_class[c][m] - c;
	return 0;
}

void pb_korf_order(const pb_domain *d, uint8_t *order)
{
	for (int m = 0; m < d->nmoves; m++) {
		int i = m;

		for (; d->board && i > 0 && pb_slide_offset(d, order[i - 1]) > pb_slide_offset(d, m);
		     i--)
			order[i] = order[i - 1];
		order[i] = (uint8_t)m;
	}
}
