#ifndef CIMAGEIO_H
#define CIMAGEIO_H
#endif
