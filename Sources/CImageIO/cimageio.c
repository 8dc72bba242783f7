int cio_placeholder(void) { return 0; }
