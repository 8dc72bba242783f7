import AspectFit
print("aspectfit: not yet built")
