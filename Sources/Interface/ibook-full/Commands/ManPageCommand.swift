import Arguments
import Foundation
import IBookCLI

enum ManPageCommand: Command {
    enum Options {
        static let markdown = Flag("--markdown", help: "Print the command reference in Markdown instead (docs/commands.md; make docs writes it).")
    }

    static let spec = CommandSpec(
        name: "manpage",
        abstract: "Print ibook's man page (roff), generated from the command definitions.",
        discussion: "For example: ibook manpage > /usr/local/share/man/man1/ibook.1 (make install does this).",
        options: [Options.markdown.option])

    /// Where the reference says it comes from: it is committed, and a test
    /// fails when it differs from what this prints.
    static let referencePreamble = "Generated from the command definitions by `ibook manpage --markdown`, as `--help`, "
        + "the man page and the shell completions are: do not edit it; run `make docs` after changing a command. "
        + "The guides in this folder show the commands at work; the [README](../README.md) lists them."

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        if arguments[Options.markdown] {
            context.stdout.write(context.program.parser.commandReference(preamble: referencePreamble, sections: sections))
            return
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        context.stdout.write(context.program.parser.manPage(version: CLI.version, date: formatter.string(from: Date()), sections: sections))
    }

    static let sections = [
        ManSection("Exit status", [
            .init("0", "Success."),
            .init("1", "Failure: a bad or missing file (in a batch, the others go on), a missing book, an out-of-range page, a password needed."),
            .init("64", "Usage error: an unknown command or option, a malformed value."),
            .init("130", "Interrupted (Ctrl-C); what was done is kept."),
            .init("128+N", "view ended by signal N (SIGTERM 143, SIGHUP 129) after restoring the terminal."),
        ]),
        ManSection("Environment", [
            .init("IBOOK_LIBRARY", "The library folder when --library is not given."),
            .init("XDG_DATA_HOME", "The library is $XDG_DATA_HOME/ibook (default ~/.local/share/ibook) when neither is given."),
            .init("XDG_CACHE_HOME", "Thumbnails are cached under $XDG_CACHE_HOME/ibook (default ~/.cache/ibook)."),
            .init("XDG_CONFIG_HOME", "Settings are read from $XDG_CONFIG_HOME/ibook/config.toml (default ~/.config/ibook)."),
            .init("XDG_STATE_HOME", "The searches made in view are kept in $XDG_STATE_HOME/ibook/search-history (default ~/.local/state/ibook)."),
            .init("WAYLAND_DISPLAY", "When set, text copied in view goes to wl-copy too, besides the terminal's clipboard (OSC 52)."),
            .init("DISPLAY", "When set (and WAYLAND_DISPLAY is not), text copied in view goes to xclip -selection clipboard too."),
            .init("IBOOK_GRAPHICS", "The graphics mode of view and show: auto, kitty, iterm, sixel, blocks or text."),
            .init("IBOOK_PASSWORD", "The password of an encrypted PDF, when no --password or --password-file is given."),
            .init("NO_COLOR", "When set, no colour; also none when the output is not a terminal or TERM is dumb."),
            .init("TESSDATA_PREFIX", "Where OCR finds tesseract's trained data (default /usr/share/tesseract-ocr/5/tessdata)."),
        ]),
        ManSection("Files", [
            .init("~/.local/share/ibook/library.sqlite", "The library: catalog, page text and its index, bookmarks, history. Private to its owner."),
            .init("~/.cache/ibook/thumbnails/", "Cached page images, by content hash and size."),
            .init("~/.config/ibook/config.toml", "Letterhead and report settings."),
        ]),
        ManSection("See also", [.init(nil, "pdfinfo(1), pdftotext(1), qpdf(1). The README and the guides in docs/ have an example of every command.")]),
    ]
}
