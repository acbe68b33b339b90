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
