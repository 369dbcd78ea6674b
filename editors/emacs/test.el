;;; test.el --- the Emacs test of flinklint lsp  -*- lexical-binding: t -*-

;; Run by .ci/editors with Debian's Emacs 28.2 (emacs-nox) and eglot 1.9
;; (elpa-eglot), in batch:
;;
;;   FLINKLINT=bin ROOT=dir FILE=dir/.../StreamDefaults.java \
;;     emacs --batch -Q -l editors/emacs/test.el
;;
;; It evaluates the eglot snippet of docs/editors.md ("Emacs (eglot)") as
;; it stands there, opens a job file of a small project (the strategy of
;; rules/missing-idleness/testdata/crossfile, a git repository) in
;; java-mode, starts eglot (M-x eglot), waits for flymake to show the
;; finding, checks its rule and range, runs the code action that silences
;; it through eglot-code-actions (its menu answered with the Silence
;; title), saves the file, and checks that the finding is gone.  Exit
;; status 0 when all holds, 1 with a message on stderr otherwise.

;;; Code:

(require 'cl-lib)
(require 'package)

(defun flinklint-test-fail (format-string &rest args)
  "Print FAIL: and the message of FORMAT-STRING and ARGS, exit 1."
  (message "FAIL: %s" (apply #'format format-string args))
  (kill-emacs 1))

(defun flinklint-test-wait (seconds pred)
  "Process output until PRED holds, for at most SECONDS; return PRED's value."
  (let ((deadline (+ (float-time) seconds)) v)
    (while (and (not (setq v (funcall pred))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    v))

(defun flinklint-test-snippet (doc)
  "The forms of the elisp block of DOC's section \"Emacs (eglot)\", and its line."
  (with-temp-buffer
    (insert-file-contents doc)
    (unless (re-search-forward "^## Emacs (eglot)$" nil t)
      (flinklint-test-fail "%s has no section \"Emacs (eglot)\"" doc))
    (let ((end (save-excursion (if (re-search-forward "^## " nil t) (point) (point-max)))))
      (unless (re-search-forward "^```elisp\n" end t)
        (flinklint-test-fail "%s: no elisp block in \"Emacs (eglot)\"" doc))
      (let ((line (1- (line-number-at-pos))) (start (point)) forms)
        (unless (re-search-forward "^```$" end t)
          (flinklint-test-fail "%s:%d: the elisp block does not end" doc line))
        (save-restriction
          (narrow-to-region start (match-beginning 0))
          (goto-char (point-min))
          (condition-case nil
              (while t (push (read (current-buffer)) forms))
            (end-of-file nil)))
        (cons line (nreverse forms))))))

(defun flinklint-test-run ()
  "The test; see the commentary."
  (let* ((here (file-name-directory (or load-file-name buffer-file-name)))
         (doc (expand-file-name "../../docs/editors.md" here))
         (root (file-name-as-directory (or (getenv "ROOT") (flinklint-test-fail "ROOT is not set"))))
         (file (or (getenv "FILE") (flinklint-test-fail "FILE is not set")))
         (bin (getenv "FLINKLINT"))
         (snippet (flinklint-test-snippet doc)))
    ;; Debian's elpa-eglot is under /usr/share/emacs/site-lisp/elpa, which
    ;; -Q leaves out of package-directory-list (Emacs 29 has eglot built in).
    (add-to-list 'package-directory-list "/usr/share/emacs/site-lisp/elpa")
    (package-initialize)
    ;; The snippet runs "flinklint": the binary built by .ci/editors.
    (when bin
      (unless (equal (file-name-nondirectory bin) "flinklint")
        (flinklint-test-fail "FLINKLINT=%s is not named flinklint, as the snippet runs it" bin))
      (push (file-name-directory (expand-file-name bin)) exec-path)
      (setenv "PATH" (concat (file-name-directory (expand-file-name bin)) path-separator (getenv "PATH"))))
    (unless (executable-find "flinklint")
      (flinklint-test-fail "flinklint is not on the PATH"))
    (dolist (form (cdr snippet)) (eval form t))
    (require 'eglot)
    (message "eglot %s, Emacs %s, snippet of docs/editors.md:%d: %S"
             (package-version-join (package-desc-version (cadr (assq 'eglot package-alist))))
             emacs-version (car snippet) (car eglot-server-programs))

    (find-file file)
    (unless (eq major-mode 'java-mode)
      (flinklint-test-fail "%s opened in %s, not java-mode" file major-mode))
    (call-interactively #'eglot)
    (let ((server (flinklint-test-wait 30 (lambda () (and (eglot-managed-p) (eglot-current-server))))))
      (unless server
        (flinklint-test-fail "eglot did not start: %s"
                             (with-current-buffer "*Messages*" (buffer-string))))
      (unless (equal (expand-file-name (project-root (eglot--project server))) root)
        (flinklint-test-fail "eglot's project is %S, not %s" (eglot--project server) root))
      (message "server: %s, project %s" (process-command (jsonrpc--process server)) root)

      (let ((diags (flinklint-test-wait 60 #'flymake-diagnostics)))
        (unless diags
          (flinklint-test-fail "no diagnostics in 60 s"))
        (let* ((d (car diags))
               (lsp (cdr (assq 'eglot-lsp-diag (flymake-diagnostic-data d))))
               (beg (flymake-diagnostic-beg d))
               (end (flymake-diagnostic-end d))
               ;; The finding: on .<String>forBoundedOutOfOrderness, line
               ;; 13, columns 21-45 from 0 (all ASCII).
               (got (list (plist-get lsp :code) (line-number-at-pos beg)
                          (save-excursion (goto-char beg) (current-column))
                          (save-excursion (goto-char end) (current-column))))
               (want '("missing-idleness" 13 21 45)))
          (unless (equal got want)
            (flinklint-test-fail "diagnostic (code line col end-col) = %S, want %S: %S"
                                 got want (flymake-diagnostic-text d)))
          (message "diagnostic: %s at %d:%d: %s" (car got) (nth 1 got) (1+ (nth 2 got))
                   (flymake-diagnostic-text d))

          ;; M-x eglot-code-actions on the finding, its menu answered as a
          ;; user would: the action whose title starts with Silence.
          (goto-char beg)
          (let ((titles nil)
                (last-nonmenu-event ?\r)) ; a keyboard event: a completing-read menu
            (cl-letf (((symbol-function 'completing-read)
                       (lambda (_prompt items &rest _)
                         (setq titles (mapcar #'car items))
                         (or (cl-find-if (lambda (title) (string-prefix-p "Silence" title)) titles)
                             (flinklint-test-fail "no Silence action among %S" titles)))))
              (eglot-code-actions beg end nil t))
            (unless (buffer-modified-p)
              (flinklint-test-fail "the code action changed nothing; actions: %S" titles))
            (message "applied: %S" titles))))

      (save-buffer)
      (unless (flinklint-test-wait 30 (lambda () (null (flymake-diagnostics))))
        (flinklint-test-fail "the finding is still there: %S"
                             (mapcar #'flymake-diagnostic-text (flymake-diagnostics))))
      (let ((line (save-excursion
                    (goto-char (point-min))
                    (forward-line 12)
                    (buffer-substring-no-properties (point) (line-end-position)))))
        (unless (string-match-p "^[ \t]*// flinklint:ignore missing-idleness reason: " line)
          (flinklint-test-fail "the directive is not above the finding: %s" line))
        (message "written: %s" line))
      ;; shutdown, then exit; jsonrpc 1.0.14 (Emacs 28) deletes the process
      ;; right after the exit notification, hence "exited with status 9".
      (eglot-shutdown server)
      (message "ok"))))

(condition-case err
    (flinklint-test-run)
  (error (flinklint-test-fail "%s" (error-message-string err))))
(kill-emacs 0)

;;; test.el ends here
