package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Under {@code --json} every failing command still prints one error document on stdout
 * (docs/reference.md §0), usage errors caught by the option parser included, with the message in
 * the user's terms.
 */
class JsonErrorDocumentTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          route orchestrator/fre --json                          | 2 | unknown_model | unknown model: orchestrator/fre (close matches: orchestrator/free, orchestrator/auto)
          route orchestrator/free --max-price abc --json         | 2 | usage         | --max-price: 'abc' is not a number
          route orchestrator/free --prompt-tokens 1.5 --json     | 2 | usage         | --prompt-tokens: '1.5' is not a whole number
          route orchestrator/free --prompt-tokens 99999999999999 --json | 2 | usage  | --prompt-tokens: '99999999999999' is out of range (expected: -2147483648..2147483647)
          route orchestrator/free --max-output-tokens -3000000000 --json | 2 | usage | --max-output-tokens: '-3000000000' is out of range (expected: -2147483648..2147483647)
          classify --status 4294967796 --json                    | 2 | usage         | --status: '4294967796' is out of range (expected: -2147483648..2147483647)
          chat orchestrator/free --message hi --deadline-ms 99999999999999999999 --json | 2 | usage | --deadline-ms: '99999999999999999999' is out of range (expected: -9223372036854775808..9223372036854775807)
          route orchestrator/free --require teleport --json      | 2 | usage         | --require: teleport
          route orchestrator/free --jsn --json                   | 2 | usage         | Unknown option: '--jsn' (did you mean: --json?)
          route --json                                           | 2 | usage         | Missing required parameter: 'MODEL'
          frobnicate --json                                      | 2 | usage         | Unmatched arguments from index 0: 'frobnicate', '--json' (did you mean: route,
          chat orchestrator/free --message hi --deadline-ms 0 --json | 2 | usage     | --deadline-ms: 0 ms (expected: > 0 ms)
          chat orchestrator/free --json                          | 2 | usage         | Missing required option: '--message=TEXT'
          catalog show orchestrator/fre --json                   | 2 | unknown_model | unknown route or pool 'orchestrator/fre'; close matches: orchestrator/free, orchestrator/auto
          catalog list --provider nvida --json                   | 2 | usage         | --provider: unknown provider 'nvida' (close matches: nvidia)
          preflight orchestrator/fre --json                      | 2 | unknown_model | unknown model: orchestrator/fre
          classify --status 7 --json                             | 2 | usage         | --status: 7 (expected: 100..599)
          classify-tool --json                                   | 2 | usage         | --message is required (or --batch PATH|-)
          simulate does-not-exist.json --json                    | 3 | invalid_input | does-not-exist.json
          route orchestrator/free --catalog missing.yaml --json  | 3 | invalid_input | missing.yaml: no such file
          """)
  void everyFailureUnderJsonIsOneErrorDocument(String args, int exit, String type, String message) {
    CliRun r = CliRun.of(args.trim().split("\\s+"));

    assertThat(r.code).as(r.err).isEqualTo(exit);
    JsonNode error = r.json().get("error");
    assertThat(error.get("type").asText()).isEqualTo(type);
    assertThat(error.get("message").asText()).startsWith(message);
    assertThat(r.err).contains("error: " + message);
  }

  @Test
  void withoutJsonAUsageErrorPrintsNothingOnStdout() {
    CliRun r = CliRun.of("route", "orchestrator/fre");

    assertThat(r.code).isEqualTo(2);
    assertThat(r.out).isEmpty();
    assertThat(r.err).contains("close matches: orchestrator/free");
  }

  // A PrintWriter swallows a failed write (a full disk, a closed pipe): a script must still see it.
  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "route orchestrator/free --json",
        "route orchestrator/free",
        "classify --status 500 --json",
        "classify-tool --message x"
      })
  void anOutputThatCannotBeWrittenExits1WithOneLineOnStderr(String args) {
    OutputStream full =
        new OutputStream() {
          @Override
          public void write(int b) throws IOException {
            throw new IOException("No space left on device");
          }
        };
    StringWriter err = new StringWriter();

    int code = OrchestratorCli.run(args.split(" "), new PrintWriter(full), new PrintWriter(err));

    assertThat(code).isEqualTo(1);
    assertThat(err.toString()).isEqualTo("error: cannot write the output to stdout\n");
  }

  // An empty model is a slip in the command line, not a model to look up: close matches of
  // nothing are arbitrary, and preflight failed with exit 1.
  @ParameterizedTest(name = "{0} ''")
  @CsvSource({
    "route, '', MODEL: empty",
    "route, '  ', MODEL: blank",
    "preflight, '', MODEL: empty",
    "chat --message hi, '', MODEL: empty",
    "catalog show, '', NAME: empty"
  })
  void anEmptyModelIsBadUsageSayingSo(String command, String model, String says) {
    List<String> args = new ArrayList<>(List.of(command.split(" ")));
    args.add(model);
    args.add("--json");

    CliRun r = CliRun.of(args.toArray(String[]::new));

    assertThat(r.code).isEqualTo(2);
    JsonNode error = r.json().get("error");
    assertThat(error.get("type").asText()).isEqualTo("usage");
    assertThat(error.get("message").asText())
        .isEqualTo(
            says
                + " (expected: orchestrator/free, orchestrator/auto, a pool name, or a route id"
                + " provider/model)");
    assertThat(r.err).contains("error: " + says).contains("--help");
  }

  @Test
  void anUnknownModelCarriesItsCloseMatches() {
    JsonNode error = CliRun.of("route", "orchestrator/fre", "--json").json().get("error");

    assertThat(error.get("model").asText()).isEqualTo("orchestrator/fre");
    assertThat(error.get("closeMatches").get(0).asText()).isEqualTo("orchestrator/free");
  }

  @Test
  void anInvalidCatalogNamesFileLineColumnAndField(@TempDir Path dir) throws Exception {
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(
        bad,
        "providers:\n  a: {baseUrl: 'https://a.test/v1'}\nroutes:\n  a/m: {contextWindow: x}\n");

    CliRun r = CliRun.of("route", "orchestrator/free", "--catalog", bad.toString(), "--json");

    assertThat(r.code).isEqualTo(3);
    JsonNode error = r.json().get("error");
    assertThat(error.get("type").asText()).isEqualTo("invalid_input");
    assertThat(error.get("file").asText()).isEqualTo(bad.toString());
    assertThat(error.get("line").asInt()).isEqualTo(4);
    assertThat(error.get("column").asInt()).isEqualTo(9);
    assertThat(error.get("field").asText()).isEqualTo("routes[\"a/m\"].contextWindow");
  }

  @Test
  void malformedYamlSaysWhatWasExpected(@TempDir Path dir) throws Exception {
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(bad, "routes:\n  a/m: {tier: free\n");

    CliRun r = CliRun.of("route", "orchestrator/free", "--catalog", bad.toString(), "--json");

    assertThat(r.json().get("error").get("message").asText())
        .isEqualTo(
            bad
                + ":2:19: invalid YAML: expected ',' or '}', but got <stream end> (while parsing a"
                + " flow mapping that starts at line 2, column 8)");
  }
}
