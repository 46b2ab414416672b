package dev.orchestrator.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/** Runs the CLI in-process and captures its exit code and streams. */
final class CliRun {
  final int code;
  final String out;
  final String err;

  private CliRun(int code, String out, String err) {
    this.code = code;
    this.out = out;
    this.err = err;
  }

  static CliRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = OrchestratorCli.run(args, new PrintWriter(out), new PrintWriter(err));
    return new CliRun(code, out.toString(), err.toString());
  }

  /** Writes {@code lines} joined by newlines to {@code file}; returns {@code file}. */
  static Path write(Path file, String... lines) throws IOException {
    return Files.writeString(file, String.join("\n", lines));
  }

  JsonNode json() {
    try {
      return Json.MAPPER.readTree(out);
    } catch (Exception e) {
      throw new AssertionError("stdout is not one JSON document: " + out, e);
    }
  }
}
