//! The rules every file of a user goes by, read or written.
//!
//! Reading: only regular files. A fifo would block the run until someone writes to it, and a
//! device (`/dev/zero`, `/dev/urandom`) never ends; so a file is opened without blocking and
//! checked on the open handle itself, which no rename between a check and the open can
//! fool. At most [`READ_CAP`] bytes are read from one file (or from stdin), and a read with a
//! deadline stops at it. A leading UTF-8 byte-order mark is the caller's to skip, since some
//! callers must keep it ([`crate::batch`]'s `--update` writes it back).
//!
//! Writing: a fresh temporary file, created exclusively (random name, `O_EXCL`) in the
//! target's folder and renamed over the target once complete, so a reader never sees half a
//! file, a failed write leaves the target as it was, and a symbolic link planted at a
//! predictable temporary name cannot redirect the write. The temporary file is removed on
//! every error path (`tempfile` deletes it when its handle is dropped).

use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The most bytes read from one file or from stdin: 256 MiB, the ceiling of a verdict (see
/// the contract's limits). Every input the engines take is far smaller; a file this large is
/// a mistake (`/dev/zero` through a link, a log named as a case), refused before it fills
/// the memory.
pub const READ_CAP: u64 = 256 << 20;

/// Bytes read between two looks at the clock.
const READ_CHUNK: usize = 1 << 16;

/// Opens `path` for reading if it is a regular file (a symbolic link to one is fine): a
/// fifo, a device, a socket or a folder is an error naming what it is.
pub fn open_regular(path: &Path) -> io::Result<File> {
    open_checked(OpenOptions::new().read(true), path)
}

/// Opens `path` to append to it (made when missing) if it is a regular file.
pub fn open_to_append(path: &Path) -> io::Result<File> {
    // A fifo without a reader cannot even be opened for writing without blocking: name it
    // before trying.
    if let Ok(metadata) = std::fs::metadata(path)
        && !metadata.is_file()
    {
        return Err(not_regular(&metadata));
    }
    open_checked(OpenOptions::new().append(true).create(true), path)
}

/// Opens `path` without blocking, then refuses what the open handle shows is not a regular
/// file: opening a fifo to read blocks until a writer comes, so it is opened at once and
/// refused (the flag changes nothing for a regular file), and no rename between a check
/// and the open can fool a check made on the handle.
fn open_checked(options: &mut OpenOptions, path: &Path) -> io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32);
    }
    let file = options.open(path)?;
    let metadata = file.metadata()?;
    if metadata.is_file() {
        Ok(file)
    } else {
        Err(not_regular(&metadata))
    }
}

/// The whole of the regular file at `path`, at most [`READ_CAP`] bytes, read before
/// `deadline` when there is one.
pub fn read_regular(path: &Path, deadline: Option<Instant>) -> io::Result<Vec<u8>> {
    let file = open_regular(path)?;
    let size = file.metadata().map_or(0, |m| m.len());
    if size > READ_CAP {
        return Err(too_large());
    }
    read_capped(file, size as usize, deadline)
}

/// Everything `reader` gives, at most [`READ_CAP`] bytes, read before `deadline` when there
/// is one (checked between reads of [`READ_CHUNK`] bytes: a read that blocks, on a pipe
/// whose writer is silent, is not cut short).
pub fn read_capped(
    reader: impl Read,
    expected: usize,
    deadline: Option<Instant>,
) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::with_capacity(expected.min(READ_CAP as usize) + 1);
    let mut limited = reader.take(READ_CAP + 1);
    loop {
        // `read_to_end` stops short of a whole chunk only at the end of the input.
        let read = (&mut limited)
            .take(READ_CHUNK as u64)
            .read_to_end(&mut bytes)?;
        if bytes.len() as u64 > READ_CAP {
            return Err(too_large());
        }
        if read < READ_CHUNK {
            return Ok(bytes);
        }
        if let Some(deadline) = deadline
            && Instant::now() >= deadline
        {
            return Err(out_of_time(bytes.len()));
        }
    }
}

/// Reads one line, its `\n` included, onto the end of `buffer`: at most [`READ_CAP`]
/// bytes, so a line that never ends cannot fill the memory.
pub fn read_line(reader: &mut impl BufRead, buffer: &mut Vec<u8>) -> io::Result<usize> {
    let read = reader.take(READ_CAP + 1).read_until(b'\n', buffer)?;
    if read as u64 > READ_CAP {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "a line longer than {} MiB, the most puzzles reads as one case",
                READ_CAP >> 20
            ),
        ));
    }
    Ok(read)
}

/// The deadline `limit_ms` milliseconds from `start`; `None` for no limit.
pub fn deadline(start: Instant, limit_ms: Option<u64>) -> Option<Instant> {
    limit_ms.and_then(|ms| start.checked_add(Duration::from_millis(ms)))
}

fn too_large() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!(
            "larger than {} MiB, the most puzzles reads from one file",
            READ_CAP >> 20
        ),
    )
}

fn out_of_time(read: usize) -> io::Error {
    io::Error::new(
        io::ErrorKind::TimedOut,
        format!("the time limit ran out while reading it ({read} bytes read)"),
    )
}

/// The error for a file that is not a regular file: what it is, and what to do instead.
fn not_regular(metadata: &Metadata) -> io::Error {
    let what = kind_name(metadata);
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!(
            "not a regular file ({what}); puzzles reads only regular files (pipe data to stdin instead)"
        ),
    )
}

/// `a folder`, `a fifo`, `a character device`, ... for messages.
fn kind_name(metadata: &Metadata) -> &'static str {
    let kind = metadata.file_type();
    if kind.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a fifo";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    "not a file"
}

/// Writes `path` atomically: `write` fills a fresh temporary file in the same folder, which
/// then replaces `path` (a symbolic link at `path` is replaced, not followed: callers that
/// mean to write a link's target resolve it first). The temporary file takes `permissions`
/// when given; it is removed if anything fails.
pub fn write_atomically(
    path: &Path,
    permissions: Option<&Metadata>,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let mut temporary = temporary_beside(path)?;
    write(temporary.as_file_mut())?;
    temporary.as_file_mut().flush()?;
    if let Some(original) = permissions {
        keep_owner_and_mode(temporary.as_file(), original)?;
    }
    temporary.persist(path).map_err(|err| err.error)?;
    Ok(())
}

/// A new temporary file in `path`'s folder, named after it (`.x.svg.XXXXXX.tmp`, so a
/// leftover one says whose it was), created exclusively, with the mode any new file gets
/// (0666 less the umask) rather than tempfile's private 0600: it becomes the user's file.
pub fn temporary_beside(path: &Path) -> io::Result<tempfile::NamedTempFile> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "puzzles".into(), |n| n.to_string_lossy());
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(folder).map_err(|err| {
        // tempfile's message ends naming its random file (` at path "..."`); the folder is
        // what the user can act on.
        let message = err.to_string();
        let cause = message.split(" at path \"").next().unwrap_or_default();
        io::Error::new(
            err.kind(),
            format!("cannot create a file in {}: {cause}", folder.display()),
        )
    })
}

/// Gives a rewritten file the mode (and, where allowed, the owner) of the file it replaces.
fn keep_owner_and_mode(file: &File, original: &Metadata) -> io::Result<()> {
    file.set_permissions(original.permissions())?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let now = file.metadata()?;
        if (now.uid(), now.gid()) != (original.uid(), original.gid()) {
            // Only root may give a file away; anyone else keeps their own.
            let _ = std::os::unix::fs::fchown(file, Some(original.uid()), Some(original.gid()));
        }
    }
    Ok(())
}

/// The file a rewrite of `path` replaces, and its metadata: `path` itself, or the file its
/// symbolic links lead to (so the link stays a link and its target is updated). Refused,
/// with the reason, when it is not a regular file, has no write permission (checked on its
/// mode bits, which bind root too, and by the system for everyone else) or has other hard
/// links (a rename would split them).
pub fn rewrite_target(path: &Path) -> io::Result<(PathBuf, Metadata)> {
    let target = std::fs::canonicalize(path)?;
    let metadata = std::fs::metadata(&target)?;
    if !metadata.is_file() {
        return Err(not_regular(&metadata));
    }
    let refuse = |why: String| Err(io::Error::new(io::ErrorKind::PermissionDenied, why));
    if metadata.permissions().readonly() {
        return refuse("it is read-only (make it writable, e.g. `chmod u+w`, to update it)".into());
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if metadata.nlink() > 1 {
            return refuse(format!(
                "it has {} hard links, which a rewrite would split (update one copy and link it again)",
                metadata.nlink()
            ));
        }
    }
    if let Err(err) = OpenOptions::new().write(true).open(&target) {
        return refuse(format!("it is not writable: {err}"));
    }
    Ok((target, metadata))
}

/// Who a file is, whatever the path that reached it: the device and inode where the system
/// has them, else the canonical path. Two paths of one file (a link, `./x`, `a/../x`) give
/// the same identity.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FileId {
    #[cfg(unix)]
    Inode(u64, u64),
    Path(PathBuf),
}

/// The identity of the file at `path` (following links); `None` when it cannot be read.
pub fn identity(path: &Path) -> Option<FileId> {
    let metadata = std::fs::metadata(path).ok()?;
    identity_of(path, &metadata)
}

/// [`identity`] of a file whose metadata is at hand.
pub fn identity_of(path: &Path, metadata: &Metadata) -> Option<FileId> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let _ = path;
        Some(FileId::Inode(metadata.dev(), metadata.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = metadata;
        std::fs::canonicalize(path).ok().map(FileId::Path)
    }
}

/// The place `path` names, whatever is there (nothing yet, or a link that a write will
/// replace): its folder's canonical path and its name.
pub fn place_identity(path: &Path) -> Option<FileId> {
    let name = path.file_name()?;
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    Some(FileId::Path(std::fs::canonicalize(folder).ok()?.join(name)))
}

/// Whether `metadata` is of a regular file, a fifo or a socket: an output that a reader
/// parses, where two writers would mix their text (a terminal or `/dev/null` does not
/// mind).
pub fn holds_text(metadata: &Metadata) -> bool {
    if metadata.is_file() {
        return true;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = metadata.file_type();
        kind.is_fifo() || kind.is_socket()
    }
    #[cfg(not(unix))]
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("puzzles-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    /// A write that fails half-way (a full disk) or a rename that fails leaves the target as
    /// it was and no temporary file behind.
    #[test]
    fn a_failed_write_leaves_the_target_and_no_temporary_file() {
        let dir = scratch("failed");
        let target = dir.join("t.jsonl");
        std::fs::write(&target, "old\n").unwrap();
        let full = write_atomically(&target, None, |file| {
            file.write_all(b"half of the new")?;
            Err(io::Error::new(
                io::ErrorKind::StorageFull,
                "no space left on device",
            ))
        });
        assert_eq!(full.unwrap_err().kind(), io::ErrorKind::StorageFull);
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "old\n");
        assert_eq!(names(&dir), ["t.jsonl"]);

        // A folder that does not exist is named, not the temporary file's random name.
        let err = write_atomically(&dir.join("none/t.jsonl"), None, |_| Ok(())).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::NotFound);
        let message = err.to_string();
        assert!(
            message.starts_with(&format!(
                "cannot create a file in {}",
                dir.join("none").display()
            )) && !message.contains(".tmp"),
            "{message}"
        );

        // A rename that fails: the target is a non-empty folder.
        let folder = dir.join("f");
        std::fs::create_dir_all(folder.join("inside")).unwrap();
        assert!(write_atomically(&folder, None, |f| f.write_all(b"x")).is_err());
        assert_eq!(names(&dir), ["f", "t.jsonl"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A symbolic link planted where a temporary file might be named is never written
    /// through; a link at the target itself is replaced, not followed.
    #[cfg(unix)]
    #[test]
    fn writes_never_go_through_a_planted_link() {
        let dir = scratch("planted");
        let victim = dir.join("victim.txt");
        std::fs::write(&victim, "victim\n").unwrap();
        for name in [".t.jsonl.puzzles-update", ".t.jsonl.tmp", ".t.jsonl..tmp"] {
            std::os::unix::fs::symlink(&victim, dir.join(name)).unwrap();
        }
        let picture = dir.join("x.svg");
        std::os::unix::fs::symlink(&victim, &picture).unwrap();
        write_atomically(&dir.join("t.jsonl"), None, |f| f.write_all(b"case\n")).unwrap();
        write_atomically(&picture, None, |f| f.write_all(b"<svg/>\n")).unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "victim\n");
        assert!(!picture.is_symlink());
        assert_eq!(std::fs::read_to_string(&picture).unwrap(), "<svg/>\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn fifos_devices_and_folders_are_refused_by_what_they_are() {
        let dir = scratch("kinds");
        let fifo = dir.join("f.json");
        assert!(
            std::process::Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .unwrap()
                .success()
        );
        for (path, what) in [
            (fifo.as_path(), "a fifo"),
            (Path::new("/dev/zero"), "a character device"),
            (dir.as_path(), "a folder"),
        ] {
            let err = read_regular(path, None).unwrap_err();
            assert!(err.to_string().contains(what), "{path:?}: {err}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn reading_stops_at_the_cap_and_the_deadline() {
        let endless = io::repeat(b'x');
        let err = read_capped(endless, 0, None).unwrap_err();
        assert!(err.to_string().contains("larger than 256 MiB"), "{err}");
        let past = Instant::now().checked_sub(Duration::from_millis(1));
        let err = read_capped(io::repeat(b'x'), 0, past).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
        // An input that ends within the first chunk is read whole whatever the clock says.
        let small = read_capped(&b"{}"[..], 2, past).unwrap();
        assert_eq!(small, b"{}");
    }

    #[cfg(unix)]
    #[test]
    fn read_only_and_hard_linked_files_are_not_rewritten() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("targets");
        let file = dir.join("t.jsonl");
        std::fs::write(&file, "x\n").unwrap();
        assert!(rewrite_target(&file).is_ok());
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o444)).unwrap();
        let err = rewrite_target(&file).unwrap_err();
        assert!(err.to_string().contains("read-only"), "{err}");
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
        std::fs::hard_link(&file, dir.join("other.jsonl")).unwrap();
        let err = rewrite_target(&file).unwrap_err();
        assert!(err.to_string().contains("2 hard links"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn two_spellings_of_one_file_are_one_file() {
        let dir = scratch("identity");
        std::fs::create_dir_all(dir.join("a")).unwrap();
        std::fs::write(dir.join("a/x.json"), "{}").unwrap();
        let one = identity(&dir.join("a/x.json"));
        assert!(one.is_some());
        assert_eq!(one, identity(&dir.join("a/../a/./x.json")));
        assert_eq!(
            place_identity(&dir.join("a/new.xml")),
            place_identity(&dir.join("a/../a/new.xml"))
        );
        assert_ne!(
            place_identity(&dir.join("a/new.xml")),
            place_identity(&dir.join("a/x.json"))
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
