package dev.orchestrator.engine.chat;

import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One part of a message's content: text, an image, a file (a PDF), or a part the engine does not
 * model (audio…) carried as raw JSON. Implementations are immutable records and thread-safe.
 *
 * <p>A {@link Raw} part is forwarded unchanged to routes that speak the protocol it came from
 * (OpenAI chat completions); a route of another protocol cannot honour it, so planning excludes
 * such routes and names the part; an {@code input_audio} or {@code video_url} part goes only to a
 * route that reads it (capability {@code audio}, {@code video}). A {@link File} part goes to
 * OpenAI-protocol routes as the caller wrote it too, and to an Anthropic route as a {@code
 * document} block when it is a PDF given inline.
 */
public sealed interface ContentPart
    permits ContentPart.Text, ContentPart.Image, ContentPart.File, ContentPart.Raw {

  /**
   * The part's type as OpenAI names it: {@code text}, {@code image_url}, {@code file}, or the raw
   * type.
   */
  String type();

  /** A text part. */
  static Text text(String text) {
    return new Text(text);
  }

  /** An image by {@code http(s)} URL. */
  static Image imageUrl(String url) {
    return new Image(url, null, null, null);
  }

  /** An image given inline as base64 data of {@code mediaType} ({@code image/png}). */
  static Image imageBase64(String mediaType, String base64Data) {
    return new Image(null, mediaType, base64Data, null);
  }

  /**
   * A PDF given inline as base64 data, named {@code filename}: every route whose model reads PDFs
   * (capability {@code pdf}) can be sent it — an OpenAI-protocol route as a chat completions {@code
   * file} part ({@code file.filename}, and {@code file.file_data} a {@code
   * data:application/pdf;base64,} URL), an Anthropic route as a {@code document} block titled
   * {@code filename}. This is how a request built in Java sends a PDF; a {@link Raw} {@code file}
   * part is forwarded to OpenAI-protocol routes only.
   *
   * @param filename the file's name, required: OpenAI's chat completions refuse inline file data
   *     without one
   * @param base64Data the PDF's bytes in base64
   * @throws IllegalArgumentException when the name is blank or the data is blank or not base64
   */
  static File pdf(String filename, String base64Data) {
    Objects.requireNonNull(filename, "filename");
    if (filename.isBlank()) {
      throw new IllegalArgumentException(
          "pdf filename: blank (expected: a name such as report.pdf; OpenAI requires one)");
    }
    return new File(null, new PdfPart.Inline(filename, base64Data));
  }

  /**
   * A text part.
   *
   * @param text the text, never {@code null}
   */
  record Text(String text) implements ContentPart {
    /** Validates. */
    public Text {
      Objects.requireNonNull(text, "text");
    }

    @Override
    public String type() {
      return "text";
    }
  }

  /**
   * An image, either by URL or inline as base64 data with its media type (exactly one of the two).
   *
   * @param url an {@code http:} or {@code https:} URL, or {@code null} for inline data
   * @param mediaType for inline data, the media type ({@code image/png}); otherwise {@code null}
   * @param base64Data for inline data, the base64 text; otherwise {@code null}
   * @param detail OpenAI's {@code detail} ({@code auto}, {@code low}, {@code high}), or {@code
   *     null}
   */
  record Image(String url, String mediaType, String base64Data, String detail)
      implements ContentPart {
    private static final Pattern MEDIA_TYPE = Pattern.compile("[a-z]+/[a-z0-9.+-]+");

    /**
     * Base64 text, line breaks allowed: an inline image's or PDF's data ({@link PdfPart.Inline}).
     */
    static final Pattern BASE64 = Pattern.compile("[A-Za-z0-9+/=\\s]*");

    /** Validates: a URL must be {@code http(s):}; inline data needs a media type. */
    public Image {
      if ((url == null) == (base64Data == null)) {
        throw new IllegalArgumentException(
            "image: "
                + (url == null ? "neither url nor data" : "both url and data")
                + " (expected: exactly one of an http(s) URL or base64 data)");
      }
      if (url != null) {
        String lower = url.toLowerCase(Locale.ROOT);
        if (!lower.startsWith("http://") && !lower.startsWith("https://")) {
          throw new IllegalArgumentException(
              "image url: "
                  + abbreviate(url)
                  + " (expected: an http(s): URL or a data: URL with base64 data)");
        }
        if (mediaType != null) {
          throw new IllegalArgumentException(
              "image mediaType: " + mediaType + " (expected: none for an image by URL)");
        }
      } else {
        if (mediaType == null || !MEDIA_TYPE.matcher(mediaType).matches()) {
          throw new IllegalArgumentException(
              "image mediaType: " + mediaType + " (expected: a media type such as image/png)");
        }
        if (!BASE64.matcher(base64Data).matches()) {
          throw new IllegalArgumentException("image data: not base64 (expected: base64 text)");
        }
      }
      if (detail != null
          && !detail.equals("auto")
          && !detail.equals("low")
          && !detail.equals("high")) {
        throw new IllegalArgumentException(
            "image detail: " + detail + " (expected: auto, low or high)");
      }
    }

    /**
     * Parses an OpenAI {@code image_url.url}: an {@code http(s):} URL or a {@code
     * data:<media-type>;base64,<data>} URL.
     *
     * @throws IllegalArgumentException naming the value when it is neither
     */
    public static Image fromUrl(String url, String detail) {
      Objects.requireNonNull(url, "url");
      if (url.regionMatches(true, 0, "data:", 0, 5)) {
        int semi = url.indexOf(";base64,");
        if (semi < 0) {
          throw new IllegalArgumentException(
              "image url: " + abbreviate(url) + " (expected: data:<media-type>;base64,<data>)");
        }
        return new Image(
            null, url.substring(5, semi).toLowerCase(Locale.ROOT), url.substring(semi + 8), detail);
      }
      return new Image(url, null, null, detail);
    }

    /** The URL as OpenAI carries it: the URL itself, or a {@code data:} URL for inline data. */
    public String asUrl() {
      return url != null ? url : "data:" + mediaType + ";base64," + base64Data;
    }

    /** Whether the image is given inline. */
    public boolean inline() {
      return url == null;
    }

    @Override
    public String type() {
      return "image_url";
    }

    @Override
    public String toString() {
      // Never print megabytes of base64 into a log line.
      return inline()
          ? "Image[" + mediaType + ", " + base64Data.length() + " base64 chars]"
          : "Image[" + url + "]";
    }

    private static String abbreviate(String s) {
      return s.length() <= 60 ? s : s.substring(0, 60) + "…";
    }
  }

  /**
   * A chat completions {@code file} part (a PDF, the only file chat completions take in one:
   * https://platform.openai.com/docs/guides/pdf-files), with what planning needs to know of it. The
   * engine parses no JSON (ADR 0002): whoever parsed the caller's part — serve's fronts — gives
   * both its text and its {@link PdfPart} facts, read from the same tree; a request built in Java
   * uses {@link ContentPart#pdf}, which carries no JSON.
   *
   * @param json the part as the caller wrote it (a JSON object), sent as written to OpenAI-protocol
   *     routes; {@code null} for a part built from its facts, which those routes get as a {@code
   *     file} part holding {@code file.filename} and {@code file.file_data}
   * @param pdf the part read for a protocol that takes a PDF only inline: {@link PdfPart.Inline},
   *     or {@link PdfPart.Unusable} naming the first field that keeps it from being one (an
   *     uploaded file's {@code file.file_id}, another media type, a {@code cache_control})
   */
  record File(String json, PdfPart pdf) implements ContentPart {
    /** Validates: a part without JSON text is a PDF given inline. */
    public File {
      Objects.requireNonNull(pdf, "pdf");
      if (json == null && !(pdf instanceof PdfPart.Inline)) {
        throw new IllegalArgumentException(
            "file part: no JSON and " + pdf + " (expected: the caller's JSON or an inline PDF)");
      }
      if (json != null && json.isBlank()) {
        throw new IllegalArgumentException("file part json: blank (expected: a JSON object)");
      }
    }

    @Override
    public String type() {
      return "file";
    }

    @Override
    public String toString() {
      // Never print megabytes of base64 into a log line: the JSON holds the data too.
      return "File[" + pdf + (json == null ? "" : ", " + json.length() + " chars of JSON") + "]";
    }
  }

  /**
   * A part the engine does not model, kept as the JSON object the caller sent.
   *
   * @param type the part's {@code type} field
   * @param json the whole part as JSON object text
   */
  record Raw(String type, String json) implements ContentPart {
    /** Validates. */
    public Raw {
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(json, "json");
      if (type.isBlank()) {
        throw new IllegalArgumentException("content part type: blank (expected: a part type)");
      }
    }
  }
}
