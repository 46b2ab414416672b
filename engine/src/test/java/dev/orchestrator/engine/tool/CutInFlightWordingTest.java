package dev.orchestrator.engine.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A connection cut after the call was sent, or a call that ran out of time, in the words of the
 * clients that report it (Node's http, undici's fetch and child_process, httpx, http.client): a
 * transport error or a timeout — so a non-idempotent call is an ambiguous outcome, never handed to
 * another agent — while a connect that never succeeded stays {@code tool_unavailable}.
 */
class CutInFlightWordingTest {

  private static final ToolSpec SEARCH = ToolSpec.idempotent("search");
  private static final ToolSpec CREATE_ORDER = ToolSpec.nonIdempotent("create_order");

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          Error: socket hang up                                          | transport_error
          TypeError: fetch failed: other side closed                     | transport_error
          Server disconnected without sending a response.                | transport_error
          httpx.RemoteProtocolError: Server disconnected                 | transport_error
          Error: write EPIPE                                             | transport_error
          IncompleteRead(0 bytes read, 512 more expected)                | transport_error
          FetchError: Invalid response body while trying to fetch http://localhost:3000/mcp: Premature close | transport_error
          Error: read ETIMEDOUT                                          | timeout
          Error: spawnSync /bin/sh ETIMEDOUT                             | timeout
          """)
  void aCallCutOrTimedOutInFlightIsNotHandedOn(String message, String observed) {
    ToolDecision nonIdempotent =
        ToolFailureClassifier.INSTANCE.classify(new RuntimeException(message), CREATE_ORDER);
    assertThat(nonIdempotent.observedKind().wireName()).isEqualTo(observed);
    assertThat(nonIdempotent.kind()).isEqualTo(ToolFailureKind.AMBIGUOUS_OUTCOME);
    assertThat(nonIdempotent.action()).isEqualTo(ToolAction.FAIL_CLOSED);

    ToolDecision idempotent =
        ToolFailureClassifier.INSTANCE.classify(new RuntimeException(message), SEARCH);
    assertThat(idempotent.action()).isEqualTo(ToolAction.RETRY_SAME_AGENT);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          Error: connect ETIMEDOUT 10.0.0.7:8931
          Error: getaddrinfo ENOTFOUND mcp.internal.example
          """)
  void aConnectThatNeverSucceededIsAnUnreachableServer(String message) {
    ToolDecision d =
        ToolFailureClassifier.INSTANCE.classify(new RuntimeException(message), CREATE_ORDER);

    assertThat(d.kind()).isEqualTo(ToolFailureKind.TOOL_UNAVAILABLE);
    assertThat(d.action()).isEqualTo(ToolAction.FAILOVER_AGENT);
  }

  // What a real Node prints when its POST reached a real server that then closed the connection
  // without answering: http's "socket hang up", fetch's "fetch failed" caused by "other side
  // closed"; and a real child_process timeout.
  @Test
  void readsWhatARealNodePrintsForAPostCutAfterTheServerHadIt() throws Exception {
    assumeTrue(Programs.onPath("node"), "node is not installed");
    try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
      Thread acceptor =
          new Thread(
              () -> {
                try {
                  while (true) {
                    try (Socket s = server.accept()) {
                      readHead(s.getInputStream());
                    }
                  }
                } catch (IOException closed) {
                  // the test is over
                }
              });
      acceptor.setDaemon(true);
      acceptor.start();
      int port = server.getLocalPort();
      List<String> lines =
          node(
              "const http = require('http');\n"
                  + "const r = http.request({host: '127.0.0.1', port: "
                  + port
                  + ", method: 'POST', path: '/orders'}, () => {});\n"
                  + "r.on('error', e => {\n"
                  + "  console.log('Error: ' + e.message);\n"
                  + "  fetch('http://127.0.0.1:"
                  + port
                  + "/orders', {method: 'POST', body: '{}'})\n"
                  + "    .catch(f => console.log(f.name + ': ' + f.message + ': ' + f.cause.message));\n"
                  + "});\n"
                  + "r.end('{}');\n");
      assertThat(lines).hasSize(2);
      for (String line : lines) {
        ToolDecision d =
            ToolFailureClassifier.INSTANCE.classify(new RuntimeException(line), CREATE_ORDER);
        assertThat(d.observedKind()).as(line).isEqualTo(ToolFailureKind.TRANSPORT_ERROR);
        assertThat(d.action()).isEqualTo(ToolAction.FAIL_CLOSED);
      }
    }
    List<String> timedOut =
        node(
            "try { require('child_process').execSync('sleep 5', {timeout: 50}); }"
                + " catch (e) { console.log('Error: ' + e.message); }");
    ToolDecision d =
        ToolFailureClassifier.INSTANCE.classify(
            new RuntimeException(timedOut.get(0)), CREATE_ORDER);
    assertThat(d.observedKind()).as(timedOut.get(0)).isEqualTo(ToolFailureKind.TIMEOUT);
  }

  private static void readHead(InputStream in) throws IOException {
    int matched = 0;
    byte[] end = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    for (int b = in.read(); b >= 0; b = in.read()) {
      matched = b == end[matched] ? matched + 1 : (b == end[0] ? 1 : 0);
      if (matched == end.length) {
        return;
      }
    }
  }

  private static List<String> node(String script) throws IOException, InterruptedException {
    Process p = new ProcessBuilder("node", "-e", script).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return out.strip().lines().toList();
  }
}
