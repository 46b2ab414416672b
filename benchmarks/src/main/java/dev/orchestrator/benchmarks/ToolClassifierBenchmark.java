package dev.orchestrator.benchmarks;

import dev.orchestrator.engine.tool.ToolDecision;
import dev.orchestrator.engine.tool.ToolFailureClassifier;
import dev.orchestrator.engine.tool.ToolFailureEvidence;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Classification cost of a tool-call failure read by its words alone, for a non-idempotent call: an
 * MCP client's short "Connection closed" line, an agent's line no row reads (every row is tried,
 * the worst case for a short message), and a shell command's 2 KiB of output ending in a non-zero
 * exit (the wording is read up to 4 KiB). The classifier runs once per failed tool call.
 */
public class ToolClassifierBenchmark extends SampledBenchmark {

  /** The MCP TypeScript SDK's cut connection, as a host prints it. */
  static final String MCP_CLOSED =
      "Error calling tool 'execute_sql': MCP error -32000: Connection closed";

  /** An agent's own failure line that no wording row reads: the answer is {@code unknown}. */
  static final String UNREAD =
      "Error in agent loop: AgentExecutor stopped while running step 3 of plan 'summarise-repo'"
          + " (tool=search_code, attempt 2); see logs for details";

  /** A shell tool's failed command with its test output, cut to 2 KiB. */
  static final String SHELL_2K = shell2k();

  static String shell2k() {
    StringBuilder sb = new StringBuilder("Command failed with exit code 1: npm test\n");
    while (sb.length() < 2048) {
      sb.append("  at Object.<anonymous> (/repo/src/components/Widget.test.tsx:42:17)")
          .append(" expected 3 received 4\n");
    }
    return sb.substring(0, 2048);
  }

  private final ToolFailureClassifier classifier = ToolFailureClassifier.INSTANCE;

  /** The short MCP line. */
  @Benchmark
  public ToolDecision mcpConnectionClosed() {
    return classifier.classify(ToolFailureEvidence.of(false).withMessage(MCP_CLOSED));
  }

  /** The line no row reads. */
  @Benchmark
  public ToolDecision unreadLine() {
    return classifier.classify(ToolFailureEvidence.of(false).withMessage(UNREAD));
  }

  /** The 2 KiB shell output. */
  @Benchmark
  public ToolDecision shellOutput2k() {
    return classifier.classify(ToolFailureEvidence.of(false).withMessage(SHELL_2K));
  }
}
