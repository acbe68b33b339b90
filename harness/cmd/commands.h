/* The subcommands of 'bench', one file each. Each takes argc/argv with
 * argv[0] the subcommand's name and returns the exit status: 0 ok, 1 a
 * failed check, 2 bad usage or input (130/143 when interrupted). */
#ifndef PB_COMMANDS_H
#define PB_COMMANDS_H

enum { PB_EXIT_OK = 0, PB_EXIT_CHECK = 1, PB_EXIT_USAGE = 2 };

int cmd_list(int argc, char **argv);    /* list.c */
int cmd_gen(int argc, char **argv);     /* gen.c */
int cmd_run(int argc, char **argv);     /* run.c */
int cmd_verify(int argc, char **argv);  /* verify.c */
int cmd_compare(int argc, char **argv); /* compare.c */
int cmd_plot(int argc, char **argv);    /* plot.c */
int cmd_solve(int argc, char **argv);   /* solve.c */
int cmd_merge(int argc, char **argv);   /* merge.c */
int cmd_report(int argc, char **argv);  /* report.c */
int cmd_check(int argc, char **argv);   /* check.c */
int cmd_space(int argc, char **argv);   /* space.c */
int cmd_analyze(int argc, char **argv); /* analyze.c */
int cmd_selftest(int argc, char **argv); /* selftest.c */

#endif
