/* bench solve as a user meets it: answers come as puzzles are typed into
 * a pipe (not only at the end of input), and long move strings come out
 * whole and replay to the goal. */
#include <criterion/criterion.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "algorithms/puzzles/domain.h"
#include "tests/support/support.h"

typedef struct child {
	pid_t pid;
	int in, out; /* its standard input and output */
} child;

static child start_solve(const char *domain)
{
	int to[2], from[2];
	child c;

	cr_assert_eq(pipe(to), 0);
	cr_assert_eq(pipe(from), 0);
	c.pid = fork();
	cr_assert_geq(c.pid, 0);
	if (!c.pid) {
		dup2(to[0], STDIN_FILENO);
		dup2(from[1], STDOUT_FILENO);
		close(to[0]), close(to[1]), close(from[0]), close(from[1]);
		execl(PB_BENCH, PB_BENCH, "solve", "--domain", domain, (char *)NULL);
		_exit(127);
	}
	close(to[0]);
	close(from[1]);
	c.in = to[1];
	c.out = from[0];
	return c;
}

/* One line from C's output within SECONDS, into LINE (without '\n'). */
static bool read_line(const child *c, char *line, size_t size, int seconds)
{
	size_t n = 0;

	while (n + 1 < size) {
		struct pollfd p = { .fd = c->out, .events = POLLIN };

		if (poll(&p, 1, seconds * 1000) != 1 || read(c->out, line + n, 1) != 1)
			return false;
		if (line[n] == '\n')
			break;
		n++;
	}
	line[n] = '\0';
	return true;
}

Test(solve, answers_come_while_the_input_is_still_open)
{
	const char *puzzles[] = { "1 2 3 x 4 6 7 5 8\n", "2 3 4 1 5 x 7 6 8\n", "1 2 3 4 5 6 8 7 x\n" };
	const char *answers[] = { "rdr", NULL, "unsolvable" };
	child c = start_solve("8puzzle");
	char line[128];
	int status;

	signal(SIGPIPE, SIG_IGN);
	for (int i = 0; i < 3; i++) {
		cr_assert_eq(write(c.in, puzzles[i], strlen(puzzles[i])), (ssize_t)strlen(puzzles[i]));
		cr_assert(read_line(&c, line, sizeof(line), 20),
			  "no answer to '%.17s' while standard input stays open", puzzles[i]);
		if (answers[i])
			cr_assert_str_eq(line, answers[i], "'%.17s'", puzzles[i]);
		else
			cr_assert_eq(strlen(line), 19, "'%.17s' takes 19 moves, not '%s'", puzzles[i], line);
	}
	close(c.in);
	cr_assert(!read_line(&c, line, sizeof(line), 20), "more output than answers: '%s'", line);
	cr_assert_eq(waitpid(c.pid, &status, 0), c.pid);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	close(c.out);
}

/* A 4x4 start some forty moves from the goal, made by a fixed walk: the
 * answer (over 32 letters, so more than two vectors of them) replays to
 * the goal and is no longer than the walk. */
/* A board of 25 cells: tiles of two digits in, a move string out that
 * replays to the goal. */
Test(solve, a_wide_board_is_answered)
{
	pb_domain d;
	pb_state s;
	char err[200], line[PB_MAX_PATH + 2];
	const char *text = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 x 20 21 22 23 19 24\n";
	pb_replay_result r;
	child c;

	cr_assert_eq(pb_domain_init(&d, "24puzzle", err, sizeof(err)), 0);
	cr_assert_eq(pb_parse(&d, text, strlen(text) - 1, &s, err, sizeof(err)), 0, "%s", err);
	c = start_solve("24puzzle");
	cr_assert_eq(write(c.in, text, strlen(text)), (ssize_t)strlen(text));
	close(c.in);
	cr_assert(read_line(&c, line, sizeof(line), 60), "no answer to '%s'", text);
	cr_assert_str_eq(line, "dr", "'%s' answered '%s'", text, line);
	pb_replay(&d, &s, line, strlen(line), &r);
	cr_assert_eq(r.verdict, PB_REACHES_GOAL, "'%s': '%s' %s", text, line, pb_verdict_name(r.verdict));
	waitpid(c.pid, NULL, 0);
	close(c.out);
}

Test(solve, long_answers_come_out_whole)
{
	pb_domain d;
	pb_state s;
	char err[200], text[128], line[PB_MAX_PATH + 2];
	uint64_t x = 12345;
	int last = PB_MAX_MOVES, walked = 0;
	pb_replay_result r;
	child c;

	cr_assert_eq(pb_domain_init(&d, "15puzzle", err, sizeof(err)), 0);
	s = d.goal;
	while (walked < 44) {
		int m;

		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		m = (int)(x >> 62);
		if (last < PB_MAX_MOVES && m == d.inverse[last])
			continue;
		if (pb_apply(&d, &s, m, &s)) {
			last = m;
			walked++;
		}
	}
	pb_format(&d, &s, text, sizeof(text));
	strcat(text, "\n");
	c = start_solve("15puzzle");
	cr_assert_eq(write(c.in, text, strlen(text)), (ssize_t)strlen(text));
	close(c.in);
	cr_assert(read_line(&c, line, sizeof(line), 120), "no answer to '%s'", text);
	cr_assert_gt(strlen(line), 32, "'%s' answered in %zu moves: pick a longer walk", text,
		     strlen(line));
	cr_assert_leq(strlen(line), (size_t)walked, "'%s': %zu moves, longer than the walk", text,
		      strlen(line));
	pb_replay(&d, &s, line, strlen(line), &r);
	cr_assert_eq(r.verdict, PB_REACHES_GOAL, "'%s': '%s' %s", text, line, pb_verdict_name(r.verdict));
	waitpid(c.pid, NULL, 0);
	close(c.out);
}
