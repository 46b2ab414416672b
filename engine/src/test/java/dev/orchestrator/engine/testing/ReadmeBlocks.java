package dev.orchestrator.engine.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The Java examples of a README, marked {@code <!-- README:name -->} … {@code <!-- /README:name
 * -->}, and the compiled code they must show. Both are compared normalized: line by line, without
 * indentation, so that a README can indent its code as Markdown wants. Stateless and thread-safe.
 */
public final class ReadmeBlocks {
  private static final String EXAMPLE_START = "// README:example:start";
  private static final String EXAMPLE_END = "// README:example:end";

  private ReadmeBlocks() {}

  /** The normalized {@code ```java} block marked {@code name} in {@code readme}. */
  public static String javaBlock(String readme, String name) {
    int start = readme.indexOf("<!-- README:" + name + " -->");
    assertThat(start).as("README block " + name).isNotNegative();
    String block = readme.substring(start, readme.indexOf("<!-- /README:" + name + " -->"));
    return normalize(block.substring(block.indexOf("```java") + 7, block.lastIndexOf("```")));
  }

  /**
   * Asserts that the {@code ```java} block marked {@code name} in {@code readme} is the source of
   * {@code program} from its first import on: the whole compiled program, nothing left out. A
   * {@code package} line above the block's imports is the reader's, not compared.
   */
  public static void assertShowsProgram(String readme, String name, Path program)
      throws IOException {
    String source = Files.readString(program);
    String shown = javaBlock(readme, name);
    assertThat(shown.substring(shown.indexOf("import ")))
        .as("README block " + name + " against " + program)
        .isEqualTo(normalize(source.substring(source.indexOf("import "))));
  }

  /**
   * The normalized code of a test source between its {@code // README:example:start} and {@code //
   * README:example:end} comments.
   */
  public static String markedExample(String source) {
    return normalize(
        source.substring(
            source.indexOf(EXAMPLE_START) + EXAMPLE_START.length(), source.indexOf(EXAMPLE_END)));
  }

  /** {@code s} without surrounding blank lines, each line stripped, each ending in a newline. */
  public static String normalize(String s) {
    StringBuilder sb = new StringBuilder();
    for (String line : s.strip().split("\n")) {
      sb.append(line.strip()).append('\n');
    }
    return sb.toString();
  }
}
