//! SHA-256 of a trace file's bytes, in lower-case hex as `sha256sum` prints it. A shared
//! replay names its file by it: the page asks for the file and the engine checks it.

use sha2::{Digest, Sha256};
use std::io::{BufRead, Read};

#[derive(Clone, Default)]
pub struct FileDigest(Sha256);

impl FileDigest {
    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    pub fn hex(self) -> String {
        self.0.finalize().iter().map(|b| format!("{b:02x}")).collect()
    }
}

/// Whether `text` is a SHA-256 in hex (either case).
pub fn is_sha256(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A `BufRead` that hashes the bytes its reader consumes.
pub(crate) struct Hashing<'a, R> {
    pub inner: R,
    pub digest: &'a mut FileDigest,
}

impl<R: BufRead> Read for Hashing<'_, R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(out)?;
        self.digest.update(&out[..n]);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Hashing<'_, R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        // The buffer `fill_buf` returned is still there: hash what is consumed of it.
        if let Ok(buffer) = self.inner.fill_buf() {
            self.digest.update(&buffer[..amount.min(buffer.len())]);
        }
        self.inner.consume(amount);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_as_sha256sum_does() {
        let mut d = FileDigest::default();
        d.update(b"abc");
        assert_eq!(d.hex(), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        let mut d = FileDigest::default();
        let mut input = Hashing { inner: &b"ab"[..], digest: &mut d };
        let _ = input.fill_buf().unwrap();
        input.consume(1);
        let mut rest = Vec::new();
        input.read_to_end(&mut rest).unwrap();
        assert_eq!(d.hex(), "fb8e20fc2e4c3f248c60c39bd652f3c1347298bb977b8b4d5903b85055620603", "sha256(\"ab\")");
        assert!(is_sha256(&"aB".repeat(32)) && !is_sha256("ab") && !is_sha256(&"g".repeat(64)));
    }
}
