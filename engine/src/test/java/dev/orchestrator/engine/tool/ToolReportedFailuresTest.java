package dev.orchestrator.engine.tool;

import static dev.orchestrator.engine.tool.ToolTable.handedOnAsNeverRan;
import static dev.orchestrator.engine.tool.ToolTable.heldOutAndRest;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.tool.ToolTable.Row;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ToolFailureClassifier} against tool-call failures as users reported them in public issue
 * threads ({@code tool-failures/reported.tsv}), each read as a non-idempotent call's failure. Its
 * held-out fifth is the measure of how the wording generalises: rules were written from the other
 * four fifths only. Floors keep both from sliding back; the fail-closed guards bound the calls that
 * may have run and are still handed on.
 */
class ToolReportedFailuresTest {

  private static final String REPORTED = "/tool-failures/reported.tsv";

  /**
   * The held-out fifth's share read as its kind when the floor was set (276 of 496; 113 of the
   * first five rounds' 321 on the classifier before any of them, each round scored before its rows
   * were read; the sixth round read 22 of its 65 on arrival, the seventh 22 of 58, the eighth 8 of
   * 20, the ninth 9 of 19, the tenth 7 of 13). A careful reader of the text alone reads 403 of the
   * 496 (ADR 0043, addendum of 2026-12-07).
   */
  static final double HELD_OUT_FLOOR = 0.55;

  /**
   * The other four fifths' share when the floor was set (1,358 of 1,921; 438 of the first five
   * rounds' 1,193 before any of them, 82 of the ninth round's 148 and 19 of the tenth's 47 on
   * arrival).
   */
  static final double RULES_FLOOR = 0.70;

  /**
   * Calls that may have run, read as a tool never reached and so handed to another agent as safe to
   * retry, when the bound was set (21 of 2,190), each read so by the classifier before the round
   * that brought it: a shell command's own connection that failed ("curl: (7) Failed to connect",
   * "ssh: Could not resolve hostname") reads as the tool's, in the same words; a "Failed to connect
   * to MCP server", an MCP "Method not found" and a browser tool's "browser has been closed" whose
   * threads say the call may have run. The sixth round brought five more: a tool's own onward
   * connection that failed ("Failed to connect to Home Assistant WebSocket", a plugin's
   * "ConnectError: [Errno 111] Connection refused", a file converter's
   * "CERTIFICATE_VERIFY_FAILED"), an "Action todo.add_task not found" its thread leaves open, and
   * one held-out row, not read; the seventh three: "Failed to connect to IDA Pro!", "Table not
   * initialized" (a table the tool works on, in the words of a client not initialized) and one
   * held-out row; the eighth five: a search tool's upstream rate limit read as the tool's own
   * (DuckDuckGo's "202 Ratelimit" twice, "Too Many Requests. Rate limited"), which the decision
   * table hands on as a refused call, the same tool's failed connection that timed out, and a
   * model's call of a tool the agent did not offer. The bound keeps it from growing.
   */
  static final int HANDED_ON_AS_NEVER_RAN = 21;

  @Test
  void readsAtLeastTheFloorOfTheReportsAsTheirKindWithTheHeldOutFifthApart() {
    List<Row> rows = ToolTable.rows(REPORTED);
    assertThat(rows).hasSizeGreaterThanOrEqualTo(2190);
    assertThat(rows)
        .allSatisfy(r -> assertThat(r.source()).as(r.message()).containsPattern("^https?://"));

    ToolTable.Shares shares = heldOutAndRest("reported tool failures", rows);

    assertThat(shares.heldOut()).isGreaterThanOrEqualTo(HELD_OUT_FLOOR);
    assertThat(shares.rest()).isGreaterThanOrEqualTo(RULES_FLOOR);
  }

  @Test
  void aCallThatMayHaveRunIsHandedOnAsSafeToRetryOnlyInTheBoundedFew() {
    assertThat(handedOnAsNeverRan("reported tool failures", ToolTable.rows(REPORTED)))
        .isLessThanOrEqualTo(HANDED_ON_AS_NEVER_RAN);
  }
}
