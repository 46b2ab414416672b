package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every spec the repository cites is in the repository: each "§n" names a document with that
 * numbered heading, each ADR number and each document path exists, and nothing cites the spec files
 * a clone does not have. Reads every text file of the checkout (not {@code target/}).
 */
class DocReferencesTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  private static final Set<String> TEXT =
      Set.of("java", "md", "yaml", "yml", "sh", "py", "xml", "properties", "mjs", "txt");

  // A document path, then one or more sections: "docs/design.md §5", "docs/design.md §2, §5",
  // also across a Javadoc line break.
  private static final Pattern CITED_SECTION =
      Pattern.compile(
          "([\\w./-]+\\.md)[`)}]*(?:\\s*(?:\\*|//|#)?\\s*)(§\\d+(?:(?:,\\s*|\\s+and\\s+|\\s+or\\s+)§\\d+)*)");
  private static final Pattern ANY_SECTION = Pattern.compile("§(\\d+)");
  private static final Pattern EXTERNAL_SECTION = Pattern.compile("RFC \\d+ §[\\d.]+");
  private static final Pattern ADR_NUMBER = Pattern.compile("\\bADR[ -](\\d{4})\\b");
  private static final Pattern DOC_PATH =
      Pattern.compile(
          "(?<![\\w./-])((?:docs|adr|examples|catalog|scripts)/[\\w./-]*[\\w-]\\.(?:md|json|sh|py))(?![\\w.])");
  private static final Pattern MD_LINK = Pattern.compile("\\]\\(([^)#:\\s]+)(#[^)]*)?\\)");
  private static final Pattern OLD_SPEC = Pattern.compile("\\b(DESIGN|CONTRACT)(\\.md)?\\s*§");

  @Test
  void everySectionReferenceNamesADocumentAndAHeadingThatExist() throws IOException {
    List<String> broken = new ArrayList<>();
    for (Path f : textFiles()) {
      String text = read(f);
      String stripped = EXTERNAL_SECTION.matcher(text).replaceAll("");
      Matcher m = CITED_SECTION.matcher(stripped);
      List<int[]> cited = new ArrayList<>();
      while (m.find()) {
        Path doc = resolve(f, m.group(1));
        Matcher n = ANY_SECTION.matcher(m.group(2));
        while (n.find()) {
          cited.add(new int[] {m.start(2) + n.start()});
          if (doc == null || !hasNumberedHeading(doc, n.group(1))) {
            broken.add(where(f, stripped, m.start()) + ": " + m.group(1) + " §" + n.group(1));
          }
        }
      }
      Matcher any = ANY_SECTION.matcher(stripped);
      while (any.find()) {
        int at = any.start();
        if (cited.stream().anyMatch(c -> c[0] == at)) {
          continue;
        }
        // A bare section number refers to the document it is in.
        if (!f.toString().endsWith(".md") || !hasNumberedHeading(f, any.group(1))) {
          broken.add(where(f, stripped, at) + ": bare §" + any.group(1));
        }
      }
    }
    assertThat(broken).isEmpty();
  }

  @Test
  void nothingCitesTheSpecFilesOutsideTheRepository() throws IOException {
    List<String> found = new ArrayList<>();
    for (Path f : textFiles()) {
      String text = read(f);
      Matcher m = OLD_SPEC.matcher(text);
      while (m.find()) {
        found.add(where(f, text, m.start()) + ": " + m.group());
      }
    }
    assertThat(found).isEmpty();
  }

  @Test
  void everyAdrNumberAndDocumentPathExists() throws IOException {
    List<String> broken = new ArrayList<>();
    for (Path f : textFiles()) {
      String text = read(f);
      Matcher adr = ADR_NUMBER.matcher(text);
      while (adr.find()) {
        String n = adr.group(1);
        try (Stream<Path> s = Files.list(ROOT.resolve("adr"))) {
          if (s.noneMatch(p -> p.getFileName().toString().startsWith(n + "-"))) {
            broken.add(where(f, text, adr.start()) + ": ADR " + n);
          }
        }
      }
      Matcher doc = DOC_PATH.matcher(text);
      while (doc.find()) {
        if (!Files.exists(ROOT.resolve(doc.group(1)))) {
          broken.add(where(f, text, doc.start()) + ": " + doc.group(1));
        }
      }
      if (f.toString().endsWith(".md")) {
        Matcher link = MD_LINK.matcher(text);
        while (link.find()) {
          if (!Files.exists(f.getParent().resolve(link.group(1)))) {
            broken.add(where(f, text, link.start()) + ": link " + link.group(1));
          }
        }
      }
    }
    assertThat(broken).isEmpty();
  }

  @Test
  void theExamplesReadmeListsEveryScenario() throws IOException {
    Path dir = ROOT.resolve("examples/scenarios");
    String readme = read(dir.resolve("README.md"));
    List<String> names;
    try (Stream<Path> s = Files.list(dir)) {
      names =
          s.map(p -> p.getFileName().toString())
              .filter(n -> n.endsWith(".expected.json"))
              .map(n -> n.substring(0, n.length() - ".expected.json".length()))
              .sorted()
              .toList();
    }
    assertThat(names).isNotEmpty();
    for (String n : names) {
      assertThat(readme).as(n).contains("| `" + n + "` |");
    }
    // …and lists nothing that is not there.
    java.util.regex.Matcher row =
        java.util.regex.Pattern.compile("(?m)^\\| `([^`]+)` \\|").matcher(readme);
    while (row.find()) {
      assertThat(names).as("README row " + row.group(1)).contains(row.group(1));
    }
  }

  private static Path resolve(Path from, String cited) {
    for (Path base : List.of(ROOT, from.getParent())) {
      Path p = base.resolve(cited).normalize();
      if (Files.isRegularFile(p)) {
        return p;
      }
    }
    return null;
  }

  private static boolean hasNumberedHeading(Path doc, String n) {
    return Pattern.compile("(?m)^#+ " + n + "\\. ").matcher(read(doc)).find();
  }

  private static String where(Path f, String text, int offset) {
    int line = 1;
    for (int i = 0; i < offset; i++) {
      if (text.charAt(i) == '\n') {
        line++;
      }
    }
    return ROOT.relativize(f) + ":" + line;
  }

  private static List<Path> textFiles() throws IOException {
    try (Stream<Path> s = Files.walk(ROOT)) {
      return s.filter(Files::isRegularFile)
          .filter(
              p -> !ROOT.relativize(p).toString().matches("(.*/)?(target|\\.git|node_modules)/.*"))
          .filter(p -> !p.getFileName().toString().equals(".git"))
          .filter(DocReferencesTest::isText)
          .sorted()
          .toList();
    }
  }

  private static boolean isText(Path p) {
    String name = p.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return dot > 0 && TEXT.contains(name.substring(dot + 1));
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (MalformedInputException e) {
      return "";
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
