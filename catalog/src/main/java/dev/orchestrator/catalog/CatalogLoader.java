package dev.orchestrator.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.catalog.internal.Draft;
import dev.orchestrator.catalog.internal.Readers;
import dev.orchestrator.catalog.internal.SourceText;
import dev.orchestrator.engine.catalog.Catalog;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Loads catalogs. A source's shape is detected from its structure: a Models.dev {@code api.json}
 * (an object of providers each with {@code models}), OpenRouter's models list ({@code
 * {"data":[…]}}, provider {@code openrouter}), or the project's own configuration in JSON or YAML
 * (see {@code catalog/README.md}). Several sources merge in order: a later source overrides an
 * earlier one field by field. A source that fails to load is rejected whole with a {@link
 * CatalogException}; nothing of it is used.
 *
 * <p>Thread-safe: every method is stateless apart from the lazily parsed, immutable default
 * catalog.
 */
public final class CatalogLoader {
  /** Classpath location of the embedded default catalog. */
  public static final String DEFAULT_RESOURCE = "/dev/orchestrator/catalog/default-catalog.yaml";

  /** The name the embedded default catalog carries in {@link Catalog#sources()} and messages. */
  public static final String DEFAULT_NAME = "default-catalog.yaml";

  // Larger than any real catalog (the Models.dev snapshot is ~2 MiB); bounds memory on a wrong
  // file.
  private static final long MAX_BYTES = 64L * 1024 * 1024;

  private CatalogLoader() {}

  /** The embedded default catalog: curated well-known providers and a few current models each. */
  public static Catalog loadDefault() {
    return DefaultHolder.CATALOG;
  }

  /**
   * Loads and merges catalog files in order; an empty list gives the {@linkplain #loadDefault()
   * default catalog}. An own-config file that says {@code extends: default} puts the default
   * catalog at the bottom of the stack (once).
   *
   * @throws CatalogException naming the file when one is unreadable or invalid
   */
  public static Catalog load(List<Path> paths) {
    return load(paths, warning -> {});
  }

  /**
   * Loads and merges catalog files like {@link #load(List)}, and hands every warning of the merge
   * to {@code warnings}, one line each (today: a {@code tier: free} that overrides a catalog price;
   * the override is allowed, since the user said so, but the user must know it costs money
   * elsewhere).
   *
   * @throws CatalogException naming the file when one is unreadable or invalid
   */
  public static Catalog load(List<Path> paths, Consumer<String> warnings) {
    Objects.requireNonNull(paths, "paths");
    Objects.requireNonNull(warnings, "warnings");
    if (paths.isEmpty()) {
      return loadDefault();
    }
    List<Draft> drafts = new ArrayList<>();
    for (Path p : paths) {
      drafts.add(Readers.read(SourceText.ofText(p.toString(), read(p))));
    }
    return merge(drafts, warnings);
  }

  /**
   * Parses one source from text, JSON or YAML, of any supported shape.
   *
   * @param sourceName the name used in messages and {@link Catalog#sources()}
   * @throws CatalogException when the text is malformed or not a valid catalog
   */
  public static Catalog parse(String sourceName, String text) {
    Objects.requireNonNull(text, "text");
    return merge(List.of(Readers.read(SourceText.ofText(sourceName, text))));
  }

  /**
   * Parses a fetched copy of one source (a refresh) laid over {@code below} (and over the embedded
   * default catalog first when {@code onDefault}; with no layers, the source alone), so that it may
   * name a provider a layer below defines: the catalog is the merge, whose warnings go to {@code
   * warnings}. A copy that lists no models ({@code {}}, {@code {"data":[]}}…) is rejected, so that
   * an upstream answering with an empty body never replaces the last good catalog.
   *
   * @throws CatalogException naming the source (or the layer) that is malformed or invalid, or the
   *     fetched copy when it lists no models
   */
  static Catalog parseFetchedOver(
      List<Text> below,
      boolean onDefault,
      String sourceName,
      String text,
      Consumer<String> warnings) {
    Objects.requireNonNull(text, "text");
    List<Draft> drafts = drafts(below, onDefault);
    drafts.add(Readers.readFetched(SourceText.ofText(sourceName, text)));
    return merge(drafts, warnings);
  }

  /**
   * Parses sources from text and merges them in order, as {@link #load(List)} does for files; with
   * {@code onDefault} they are laid on top of the embedded default catalog. Used when sources
   * arrive as text (a refreshed URL, a cached copy) rather than as files.
   *
   * @throws CatalogException naming the source when one is malformed or invalid
   */
  public static Catalog parseAll(List<Text> texts, boolean onDefault) {
    return parseAll(texts, onDefault, warning -> {});
  }

  /**
   * Parses and merges sources like {@link #parseAll(List, boolean)}, and hands every warning of the
   * merge to {@code warnings}, one line each, as {@link #load(List, Consumer)} does for files.
   *
   * @throws CatalogException naming the source when one is malformed or invalid
   */
  public static Catalog parseAll(List<Text> texts, boolean onDefault, Consumer<String> warnings) {
    Objects.requireNonNull(warnings, "warnings");
    return merge(drafts(texts, onDefault), warnings);
  }

  /** The drafts of {@code texts} in order, after the embedded default's when {@code onDefault}. */
  private static List<Draft> drafts(List<Text> texts, boolean onDefault) {
    Objects.requireNonNull(texts, "texts");
    List<Draft> drafts = new ArrayList<>();
    if (onDefault) {
      drafts.add(DefaultHolder.DRAFT);
    }
    for (Text t : texts) {
      drafts.add(Readers.read(SourceText.ofText(t.name(), t.text())));
    }
    return drafts;
  }

  /**
   * Reads a file as text for {@link #parseAll}.
   *
   * @throws CatalogException naming the file when it is missing, unreadable, too large or not UTF-8
   */
  public static Text readText(Path p) {
    return new Text(p.toString(), read(p));
  }

  /**
   * One catalog source as text. Immutable.
   *
   * @param name the name used in messages and {@link Catalog#sources()}
   * @param text JSON or YAML of any supported shape
   */
  public record Text(String name, String text) {
    /** Validates. */
    public Text {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(text, "text");
    }
  }

  /**
   * Reads one source from an in-memory tree (for example the Models.dev-shaped object a {@code
   * simulate} scenario embeds). Errors carry the field path but no line numbers.
   *
   * @throws CatalogException when the tree is not a valid catalog
   */
  public static Catalog fromJsonTree(String sourceName, JsonNode node) {
    return merge(List.of(Readers.read(SourceText.ofTree(sourceName), node)));
  }

  private static Catalog merge(List<Draft> drafts) {
    return merge(drafts, warning -> {});
  }

  /** The merged catalog; its warnings go to {@code warnings} once it is built. */
  private static Catalog merge(List<Draft> drafts, Consumer<String> warnings) {
    Draft merged = mergeDrafts(drafts);
    Catalog c = merged.build();
    merged.warnings().forEach(warnings);
    return c;
  }

  private static Draft mergeDrafts(List<Draft> drafts) {
    Draft merged = new Draft();
    // A stack that already starts from the default (parseAll on the default) reads it once.
    if (drafts.stream().anyMatch(Draft::extendsDefault)
        && drafts.stream().noneMatch(d -> d == DefaultHolder.DRAFT)) {
      merged.mergeFrom(DefaultHolder.DRAFT);
    }
    for (Draft d : drafts) {
      merged.mergeFrom(d);
    }
    return merged;
  }

  /**
   * Reads a file as UTF-8 text.
   *
   * @throws CatalogException naming the file when it is missing, unreadable, too large or not UTF-8
   */
  static String read(Path p) {
    String name = p.toString();
    try {
      if (Files.isDirectory(p)) {
        throw new CatalogException(name, "is a directory (expected: a catalog file)", null);
      }
      long size = Files.size(p);
      if (size > MAX_BYTES) {
        throw new CatalogException(
            name, "is " + size + " bytes (expected: at most " + MAX_BYTES + ")", null);
      }
      return decode(name, Files.readAllBytes(p));
    } catch (NoSuchFileException e) {
      throw new CatalogException(name, "no such file", e);
    } catch (IOException e) {
      throw new CatalogException(name, "cannot read: " + e, e);
    }
  }

  static String decode(String name, byte[] bytes) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new CatalogException(name, "is not UTF-8 text (expected: JSON or YAML)", e);
    }
  }

  // Parsed once, on first use; a broken embedded catalog is a build bug and fails loudly.
  private static final class DefaultHolder {
    static final Draft DRAFT = readDefault();
    static final Catalog CATALOG = copyOf(DRAFT).build();

    private static Draft readDefault() {
      try (InputStream in = CatalogLoader.class.getResourceAsStream(DEFAULT_RESOURCE)) {
        if (in == null) {
          throw new IllegalStateException("missing classpath resource " + DEFAULT_RESOURCE);
        }
        String text = decode(DEFAULT_NAME, in.readAllBytes());
        return Readers.read(SourceText.ofText(DEFAULT_NAME, text));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private static Draft copyOf(Draft d) {
      Draft c = new Draft();
      c.mergeFrom(d);
      return c;
    }
  }
}
