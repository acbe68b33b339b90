/* What every heuristic shares: building one for a domain (its kind's
 * init, once the table and its code say it serves the domain), its value,
 * which domains it serves, and the one a configuration chooses. */
#include "heuristic.h"

#include <stdio.h>
#include <string.h>

const char *pb_heuristic_supports(const pb_heuristic_info *info, const pb_domain *d,
				  char *why, size_t whylen)
{
	const pb_heuristic_ops *ops = pb_heuristic_ops_of(info->kind);

	if (!ops)
		return "unknown kind of heuristic";
	if (!pb_heuristic_pairs_with(info->kind, d->kernel))
		return ops->refusal ? ops->refusal : "serves no domain of this kind";
	return ops->supports ? ops->supports(info, d, why, whylen) : NULL;
}

pb_status pb_heur_init(pb_heur *h, const pb_heuristic_info *info, const pb_domain *d,
		       const pb_config *cfg, pb_search *s)
{
	pb_status st = PB_SOLVED;
	const char *why;

	memset(h, 0, sizeof(*h));
	h->info = info;
	h->d = d;
	why = pb_heuristic_supports(info, d, s->message, sizeof(s->message));
	if (why) {
		if (why != s->message)
			snprintf(s->message, sizeof(s->message), "'%s' %s", info->name, why);
		return PB_UNSUPPORTED;
	}
	h->ops = pb_heuristic_ops_of(info->kind);
	for (int c = 0; c < PB_MAX_CELLS; c++)
		h->identity[c] = (uint8_t)c;
	if (h->ops->init)
		st = h->ops->init(h, cfg, s);
	if (st != PB_SOLVED)
		pb_heur_release(h);
	return st;
}

void pb_heur_release(pb_heur *h)
{
	if (h->ops && h->ops->release)
		h->ops->release(h);
}

unsigned pb_heur_value(const pb_heur *h, const pb_state *s)
{
	return h->ops->value(h, s);
}

void pb_value_pdbs_release(pb_heur *h)
{
	for (int q = 0; q < PB_MAX_PATTERNS; q++) {
		pb_free(h->value_pdb[q].dist);
		h->value_pdb[q].dist = NULL;
	}
	h->nvalue_pdbs = 0;
}

const pb_heuristic_info *pb_heuristic_chosen(const pb_domain *d, const pb_config *cfg)
{
	if (cfg && cfg->heuristic)
		return pb_heuristic_find_for(cfg->heuristic, d);
	return pb_heuristic_default(d);
}

const char *pb_heuristic_supports_config(const pb_domain *d, const pb_config *cfg,
					 char *why, size_t whylen)
{
	const pb_heuristic_info *info = pb_heuristic_chosen(d, cfg);
	const pb_heuristic_ops *ops;
	const char *r;

	if (!info)
		return pb_heuristic_check(cfg->heuristic, why, whylen);
	r = pb_heuristic_supports(info, d, why, whylen);
	ops = pb_heuristic_ops_of(info->kind);
	if (!r && ops->fits)
		r = ops->fits(info, d, cfg, why, whylen);
	return r;
}
