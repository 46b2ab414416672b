package dev.orchestrator.engine.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.Arrays;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class ToolFailureClassifierTest {

  private static final ToolFailureClassifier CLASSIFIER = ToolFailureClassifier.INSTANCE;
  private static final ToolSpec SEARCH = ToolSpec.idempotent("search");
  private static final ToolSpec SHELL = ToolSpec.nonIdempotent("shell");

  /** An HTTP tool's failure, as a framework's client might throw it. */
  static final class HttpToolException extends RuntimeException implements HasHttpStatus {
    private static final long serialVersionUID = 1L;
    private final int status;

    HttpToolException(int status, String message) {
      super(message);
      this.status = status;
    }

    @Override
    public int httpStatus() {
      return status;
    }
  }

  @ParameterizedTest(name = "HTTP {0} -> {1}")
  @CsvSource(
      textBlock =
          """
          400, invalid_arguments
          405, tool_unavailable
          413, invalid_arguments
          422, invalid_arguments
          401, permission_denied
          403, permission_denied
          407, permission_denied
          404, tool_not_found
          410, tool_not_found
          501, tool_not_found
          408, timeout
          504, timeout
          524, timeout
          423, policy_blocked
          451, policy_blocked
          402, rate_limited
          429, rate_limited
          529, rate_limited
          502, transport_error
          503, transport_error
          521, tool_unavailable
          522, tool_unavailable
          409, execution_failed
          500, execution_failed
          507, execution_failed
          418, invalid_arguments
          200, unknown
          302, unknown
          """)
  void readsTheHttpStatusTable(int status, String observedKind) {
    ToolDecision d = CLASSIFIER.classify(new HttpToolException(status, "x"), SEARCH);

    assertThat(d.observedKind().wireName()).isEqualTo(observedKind);
  }

  static Stream<Arguments> exceptionTypes() {
    return Stream.of(
        Arguments.of(new TimeoutException(), "timeout"),
        Arguments.of(new SocketTimeoutException("Read timed out"), "timeout"),
        Arguments.of(new SocketTimeoutException(), "timeout"),
        Arguments.of(new InterruptedException(), "ambiguous_outcome"),
        Arguments.of(new InterruptedIOException(), "ambiguous_outcome"),
        Arguments.of(new CancellationException(), "ambiguous_outcome"),
        Arguments.of(new RuntimeException(new InterruptedException()), "ambiguous_outcome"),
        Arguments.of(new HttpTimeoutException("request timed out"), "timeout"),
        Arguments.of(new HttpConnectTimeoutException("connect"), "tool_unavailable"),
        Arguments.of(new ConnectException("Connection refused"), "tool_unavailable"),
        Arguments.of(new NoRouteToHostException(), "tool_unavailable"),
        Arguments.of(new UnknownHostException("mcp.internal"), "tool_unavailable"),
        Arguments.of(new SSLHandshakeException("handshake"), "tool_unavailable"),
        Arguments.of(new RejectedExecutionException(), "tool_unavailable"),
        Arguments.of(new SocketException("Connection reset"), "transport_error"),
        Arguments.of(new EOFException(), "transport_error"),
        Arguments.of(new ClosedChannelException(), "transport_error"),
        Arguments.of(new SSLException("record overflow"), "transport_error"),
        Arguments.of(new AccessDeniedException("/etc/shadow"), "permission_denied"),
        Arguments.of(new SecurityException(), "permission_denied"),
        Arguments.of(new NoSuchFileException("/tmp/x"), "execution_failed"),
        Arguments.of(new FileNotFoundException("/tmp/x"), "execution_failed"),
        Arguments.of(new IllegalArgumentException("bad"), "invalid_arguments"),
        Arguments.of(new NumberFormatException("bad"), "invalid_arguments"),
        Arguments.of(new IllegalStateException("odd"), "unknown"),
        Arguments.of(new IOException(), "unknown"));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource("exceptionTypes")
  void readsTheExceptionTypeTable(Throwable failure, String observedKind) {
    assertThat(CLASSIFIER.classify(failure, SEARCH).observedKind().wireName())
        .isEqualTo(observedKind);
  }

  @ParameterizedTest(name = "--exception {0} -> {1}")
  @CsvSource(
      textBlock =
          """
          timeout,            timeout
          connection_reset,   transport_error
          connection_refused, tool_unavailable
          permission,         permission_denied
          not_found,          tool_not_found
          other,              unknown
          """)
  void mapsTheCliExceptionNamesOntoKinds(String exception, String observedKind) {
    ToolDecision d =
        CLASSIFIER.classify(
            ToolFailureEvidence.of(true)
                .withExceptionType(ToolExceptionType.fromWireName(exception)));

    assertThat(d.observedKind().wireName()).isEqualTo(observedKind);
  }

  /**
   * A call interrupted or cancelled while it ran may or may not have done its work: thrown as the
   * JDK's own type with no message ({@code Process.waitFor()}, {@code Future.get()} after {@code
   * cancel}, a blocking read interrupted), it fails closed as its wording does, never handed to
   * another agent that would run a side effect again.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("interruptsAndCancels")
  void aCallInterruptedOrCancelledWithNoMessageFailsClosedAsItsWordingDoes(Throwable thrown) {
    ToolDecision d = CLASSIFIER.classify(thrown, SHELL);

    assertThat(d.action()).as(d.toString()).isEqualTo(ToolAction.FAIL_CLOSED);
    assertThat(d.kind()).isEqualTo(ToolFailureKind.AMBIGUOUS_OUTCOME);
    assertThat(d.retrySafe()).isFalse();
    assertThat(CLASSIFIER.classify(new InterruptedException("sleep interrupted"), SHELL))
        .isEqualTo(d);
  }

  static Stream<Throwable> interruptsAndCancels() {
    return Stream.of(
        new InterruptedException(),
        new InterruptedIOException(),
        new CancellationException(),
        new java.util.concurrent.ExecutionException(new CancellationException()));
  }

  @Test
  void rewritesANonIdempotentTimeoutToAmbiguousOutcome() {
    ToolDecision d = CLASSIFIER.classify(new SocketTimeoutException("Read timed out"), SHELL);

    assertThat(d.kind()).isEqualTo(ToolFailureKind.AMBIGUOUS_OUTCOME);
    assertThat(d.observedKind()).isEqualTo(ToolFailureKind.TIMEOUT);
    assertThat(d.reasonCode()).isEqualTo("tool_failure.ambiguous_outcome.fail_closed");
    assertThat(d.rewritten()).isTrue();
  }

  @Test
  void outcomeUnknownAnywhereInTheChainWinsOverEverything() {
    ToolFailureException inner =
        ToolFailureException.builder("deploy")
            .kind(ToolFailureKind.TOOL_NOT_FOUND)
            .idempotent(true)
            .outcomeUnknown(true)
            .build();
    RuntimeException outer = new HttpToolException(404, "unknown tool");
    outer.initCause(inner);

    ToolDecision d = CLASSIFIER.classify(outer, SEARCH);

    assertThat(d.kind()).isEqualTo(ToolFailureKind.AMBIGUOUS_OUTCOME);
    assertThat(d.observedKind()).isEqualTo(ToolFailureKind.TOOL_NOT_FOUND);
    assertThat(d.action()).isEqualTo(ToolAction.FAIL_CLOSED);
  }

  @Test
  void structuredKindOutranksExceptionTypeStatusAndWording() {
    ToolFailureException declared =
        ToolFailureException.builder("search")
            .kind(ToolFailureKind.RATE_LIMITED)
            .idempotent(true)
            .outcomeUnknown(false)
            .status(500)
            .message("permission denied")
            .cause(new SocketTimeoutException())
            .build();

    assertThat(CLASSIFIER.classify(declared, SEARCH).kind())
        .isEqualTo(ToolFailureKind.RATE_LIMITED);
  }

  @Test
  void structuredUnknownKindLeavesTheDecisionToWeakerEvidence() {
    ToolFailureException declared =
        ToolFailureException.builder("search")
            .kind(ToolFailureKind.UNKNOWN)
            .idempotent(true)
            .outcomeUnknown(false)
            .status(429)
            .build();

    assertThat(CLASSIFIER.classify(declared, SEARCH).kind())
        .isEqualTo(ToolFailureKind.RATE_LIMITED);
  }

  @Test
  void aStructuredNonIdempotentFlagOverridesAnIdempotentSpec() {
    ToolFailureException declared =
        ToolFailureException.builder("search")
            .kind(ToolFailureKind.TIMEOUT)
            .idempotent(false)
            .outcomeUnknown(false)
            .build();

    ToolDecision d = CLASSIFIER.classify(declared, SEARCH);

    assertThat(d.kind()).isEqualTo(ToolFailureKind.AMBIGUOUS_OUTCOME);
    assertThat(d.action()).isEqualTo(ToolAction.FAIL_CLOSED);
  }

  @Test
  void exceptionTypeOutranksStatus() {
    HttpToolException http = new HttpToolException(500, "x");
    http.initCause(new SocketTimeoutException());

    assertThat(CLASSIFIER.classify(http, SEARCH).kind()).isEqualTo(ToolFailureKind.TIMEOUT);
  }

  @Test
  void a405FromANonIdempotentEndpointStaysASettledInvalidArguments() {
    ToolDecision d = CLASSIFIER.classify(new HttpToolException(405, "Method Not Allowed"), SHELL);

    assertThat(d.kind()).isEqualTo(ToolFailureKind.INVALID_ARGUMENTS);
    assertThat(d.action()).isEqualTo(ToolAction.FAIL_CLOSED);
  }

  @Test
  void a405FromAnIdempotentEndpointFailsOverToAnotherAgent() {
    ToolDecision d = CLASSIFIER.classify(new HttpToolException(405, "Method Not Allowed"), SEARCH);

    assertThat(d.kind()).isEqualTo(ToolFailureKind.TOOL_UNAVAILABLE);
    assertThat(d.action()).isEqualTo(ToolAction.FAILOVER_AGENT);
    assertThat(d.retrySafe()).isTrue();
  }

  // Messages with no typed evidence, as MCP clients, JSON-schema validators and tool runtimes word
  // them. Sources: MCP SDK "MCP error -32602: Input validation error: …" and JSON-RPC "Invalid
  // params" (https://modelcontextprotocol.io/specification/2025-06-18/server/tools#error-handling,
  // https://www.jsonrpc.org/specification#error_object); python-jsonschema "'query' is a required
  // property" / "is not of type"; ajv "must have required property"; the others constructed to
  // pin each phrase.
  @ParameterizedTest(name = "{0} ({1}) -> {2}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          Failed to connect to MCP server "github": connect ECONNREFUSED          | idempotent     | tool_unavailable  | failover_agent
          MCP server is not connected: filesystem                               | non_idempotent | tool_unavailable  | failover_agent
          MCP error -32602: Input validation error: Invalid arguments for tool  | idempotent     | invalid_arguments | fail_closed
          MCP error -32602: Invalid params                                      | idempotent     | invalid_arguments | fail_closed
          at root: 'query' is a required property                               | idempotent     | invalid_arguments | fail_closed
          data/limit must have required property 'n'                            | non_idempotent | invalid_arguments | fail_closed
          5 is not of type 'string'                                             | idempotent     | invalid_arguments | fail_closed
          arguments failed schema validation                                    | idempotent     | invalid_arguments | fail_closed
          the deploy may have completed before the connection dropped          | idempotent     | ambiguous_outcome | fail_closed
          write timed out; the transfer may have succeeded                      | idempotent     | ambiguous_outcome | fail_closed
          outcome is unknown                                                    | idempotent     | ambiguous_outcome | fail_closed
          tools/call request was cancelled by the client                        | idempotent     | ambiguous_outcome | fail_closed
          stream closed without a response to tools/call                        | idempotent     | ambiguous_outcome | fail_closed
          MCP server "git" is disabled                                          | non_idempotent | tool_unavailable  | failover_agent
          Client not initialized: call connect() first                          | non_idempotent | tool_unavailable  | failover_agent
          Transport is closed                                                   | non_idempotent | ambiguous_outcome | fail_closed
          The MCP server shut down unexpectedly                                 | idempotent     | transport_error   | retry_same_agent
          Error executing tool read_file: File not found: /tmp/a.txt            | non_idempotent | execution_failed  | fail_closed
          Tool read_file has an output schema but returned no structured content | idempotent    | execution_failed  | failover_agent
          MCP error -32603: Internal error                                      | non_idempotent | execution_failed  | fail_closed
          Server does not support tools                                         | non_idempotent | tool_not_found    | failover_agent
          Command terminated by signal: SIGKILL                                 | idempotent     | ambiguous_outcome | fail_closed
          The tool call was denied by the user                                  | idempotent     | policy_blocked    | fail_closed
          Your action could not be parsed properly: missing argument path       | idempotent     | invalid_arguments | fail_closed
          Tool grep_files is not registered                                     | non_idempotent | tool_not_found    | failover_agent
          Code execution exceeded the maximum execution time of 60 seconds      | idempotent     | timeout           | retry_same_agent
          """)
  void readsToolFailureWordingWhenNothingTypedIsThere(
      String message, String idempotency, String kind, String action) {
    ToolSpec spec = "idempotent".equals(idempotency) ? SEARCH : SHELL;
    ToolDecision d = CLASSIFIER.classify(new IllegalStateException(message), spec);

    assertThat(d.kind().wireName()).isEqualTo(kind);
    assertThat(d.action().wireName()).isEqualTo(action);
  }

  @Test
  void wordingFillsTheGapWhenThereIsNoTypedEvidence() {
    ToolDecision d = CLASSIFIER.classify(new IllegalStateException("Unknown tool: grep"), SHELL);

    assertThat(d.kind()).isEqualTo(ToolFailureKind.TOOL_NOT_FOUND);
    assertThat(d.action()).isEqualTo(ToolAction.FAILOVER_AGENT);
  }

  @Test
  void wordingTightensAFailoverToFailClosed() {
    ToolDecision d =
        CLASSIFIER.classify(new HttpToolException(500, "Permission denied: /var/run"), SEARCH);

    assertThat(d.kind()).isEqualTo(ToolFailureKind.PERMISSION_DENIED);
    assertThat(d.action()).isEqualTo(ToolAction.FAIL_CLOSED);
  }

  @Test
  void wordingNeverLoosensAFailClosedDecision() {
    ToolDecision d = CLASSIFIER.classify(new HttpToolException(403, "unknown tool"), SEARCH);

    assertThat(d.kind()).isEqualTo(ToolFailureKind.PERMISSION_DENIED);
    assertThat(d.action()).isEqualTo(ToolAction.FAIL_CLOSED);
  }

  @Test
  void wordingCannotTurnAnAmbiguousTimeoutIntoAFailover() {
    ToolDecision d =
        CLASSIFIER.classify(new SocketTimeoutException("connection refused, no such tool"), SHELL);

    assertThat(d.kind()).isEqualTo(ToolFailureKind.AMBIGUOUS_OUTCOME);
    assertThat(d.action()).isEqualTo(ToolAction.FAIL_CLOSED);
  }

  @Test
  void wordingDoesNotSecondGuessADeclaredKind() {
    ToolDecision d =
        CLASSIFIER.classify(
            ToolFailureEvidence.of(true)
                .withDeclaredKind(ToolFailureKind.EXECUTION_FAILED)
                .withMessage("permission denied"));

    assertThat(d.kind()).isEqualTo(ToolFailureKind.EXECUTION_FAILED);
  }

  @Test
  void noEvidenceAtAllKeepsFailover() {
    ToolDecision d = CLASSIFIER.classify(new IllegalStateException("boom"), SHELL);

    assertThat(d.kind()).isEqualTo(ToolFailureKind.UNKNOWN);
    assertThat(d.action()).isEqualTo(ToolAction.FAILOVER_AGENT);
    assertThat(d.retrySafe()).isFalse();
  }

  @Test
  void aStopAlreadyDecidedDeeperDownIsReturnedAsItIs() {
    ToolDecision closed = ToolFailureClassifier.decide(ToolFailureKind.POLICY_BLOCKED, false);
    ExecutionException wrapped =
        new ExecutionException(new ToolExecutionStoppedException("shell", closed));

    assertThat(CLASSIFIER.classify(wrapped, SEARCH)).isSameAs(closed);
  }

  @Test
  void unwrapsCommonWrappers() {
    Throwable wrapped =
        new RuntimeException(
            new ExecutionException(new UncheckedIOException(new ConnectException("refused"))));

    assertThat(CLASSIFIER.classify(wrapped, SHELL).kind())
        .isEqualTo(ToolFailureKind.TOOL_UNAVAILABLE);
  }

  @Test
  void evidenceToStringLeavesTheMessageOut() {
    String text =
        ToolFailureEvidence.of(true).withMessage("token=sk-live-abcdef0123456789").toString();

    assertThat(text).doesNotContain("sk-live").contains("message=<30 chars>");
  }

  @Test
  void acceptsNoProviderFailureType() {
    // docs/design.md §6: the tool classifier never sees provider failures, by construction.
    Stream<Class<?>> parameterTypes =
        Arrays.stream(ToolFailureClassifier.class.getDeclaredMethods())
            .filter(m -> Modifier.isPublic(m.getModifiers()))
            .map(Method::getParameterTypes)
            .flatMap(Arrays::stream);

    assertThat(parameterTypes)
        .noneMatch(t -> t.getPackageName().equals("dev.orchestrator.engine.failure"));
    assertThat(ToolFailureEvidence.class.getRecordComponents())
        .noneMatch(c -> c.getType().getPackageName().equals("dev.orchestrator.engine.failure"));
  }
}
