#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT/SIGTERM handling on a dedicated thread with `sigwait` (no async-signal-safety limits).
///
/// First signal: the batch stops taking inputs, in-flight files are abandoned, the summary is
/// printed, exit 130/143. Second signal (or any signal before the batch starts): remove live
/// temporaries and exit at once.
enum SignalWatcher {
    static let watched: [Int32] = [SIGINT, SIGTERM]

    /// Blocks the watched signals in the calling thread and every thread it creates later;
    /// call first thing in main. Also ignores SIGPIPE (EPIPE is handled where it happens).
    static func blockSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for s in watched { sigaddset(&set, s) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        signal(SIGPIPE, SIG_IGN)
    }

    static func start(control: BatchControl, temporaries: TemporaryFiles) {
        let context = Unmanaged.passRetained(Context(control: control, temporaries: temporaries)).toOpaque()
        var thread = pthread_t()
        pthread_create(&thread, nil, { raw in
            let context = Unmanaged<Context>.fromOpaque(raw!).takeRetainedValue()
            context.loop()
        }, context)
        pthread_detach(thread)
    }

    private final class Context: Sendable {
        let control: BatchControl
        let temporaries: TemporaryFiles
        init(control: BatchControl, temporaries: TemporaryFiles) {
            self.control = control
            self.temporaries = temporaries
        }

        func loop() -> Never {
            var set = sigset_t()
            sigemptyset(&set)
            for s in SignalWatcher.watched { sigaddset(&set, s) }
            while true {
                var received: Int32 = 0
                guard sigwait(&set, &received) == 0 else { continue }
                let status = 128 + received
                if !control.isRunning || !control.requestStop(status: status) {
                    temporaries.removeAllAndExit(status: status)
                }
            }
        }
    }
}
